import { useTranslation } from 'react-i18next';
import { useConnectionProblem } from './connection.js';

export interface NetworkGate {
  /** Changes cannot be sent now: offline, or the server out of reach. */
  blocked: boolean;
  /** Why, for a tooltip and aria-describedby; null when not blocked. */
  reason: string | null;
}

/** For every control that changes data: disabled with the reason while there is no connection. */
export function useNetworkGate(): NetworkGate {
  const { t } = useTranslation();
  const problem = useConnectionProblem();
  if (problem === null) return { blocked: false, reason: null };
  return { blocked: true, reason: t(problem === 'offline' ? 'offline.changesOffline' : 'offline.changesUnreachable') };
}
