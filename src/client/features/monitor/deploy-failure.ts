import type { NodeDeployResult } from '../../../shared/index.js';
import type { Translator } from '../../lib/error-text.js';
import type { ReasonText } from '../../lib/failure-text.js';

const REASON_KEY_PREFIX = 'monitor:deploy.reason.';
/** Why a node no agent has registered for missed its deadline: nothing there could acknowledge. */
const NO_AGENT_REASON = 'no_agent';

function reasonWord(result: Pick<NodeDeployResult, 'message' | 'agentRegistered'>): string {
  return result.message === 'ack_timeout' && !result.agentRegistered ? NO_AGENT_REASON : result.message;
}

/**
 * A failed node's deploy result in words ("Deployment failed · the node did not confirm in time"),
 * its catalogue code for small type after them; null for a node that did not fail. A reason this
 * console does not know (a newer server) stays out of the words and is kept as the detail.
 */
export function deployFailureText(
  result: Pick<NodeDeployResult, 'errorCode' | 'message' | 'agentRegistered'>,
  { t, exists }: Translator,
): ReasonText | null {
  if (result.errorCode === null) return null;
  const errorKey = `errors:${result.errorCode}`;
  const heading = exists(errorKey) ? t(errorKey) : t('monitor:deploy.state.error');
  if (result.message === '') return { text: heading, code: String(result.errorCode), detail: null };
  const reasonKey = `${REASON_KEY_PREFIX}${reasonWord(result)}`;
  if (!exists(reasonKey)) return { text: heading, code: String(result.errorCode), detail: result.message };
  return { text: `${heading} · ${t(reasonKey)}`, code: String(result.errorCode), detail: null };
}
