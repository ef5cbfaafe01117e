import { createContext, useContext } from 'react';
import type { UserInfo } from '../../shared/index.js';

export interface Session {
  user: UserInfo;
  /** An administrator is viewing a customer: mutations are hidden (§6). */
  adminMode: boolean;
}

export const SessionContext = createContext<Session | null>(null);

/** The loaded session; only used below the session gate. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the session gate');
  return session;
}
