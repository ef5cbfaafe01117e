import { accountCalls } from './account.js';
import { agentCalls } from './agent.js';
import { agentWorkCalls } from './agent-work.js';
import { alertRuleCalls } from './alert-rules.js';
import { alertSettingCalls } from './alert-settings.js';
import { apiKeyCalls } from './api-keys.js';
import { authCalls } from './auth.js';
import { domainCalls } from './domain.js';
import { domainDeployCalls } from './domain-deploy.js';
import { domainImportCalls } from './domain-import.js';
import { agentMtrCalls, domainMtrCalls } from './domain-mtr.js';
import { domainDetailCalls } from './domain-detail.js';
import { domainOverviewCalls } from './domain-overview.js';
import { domainTraceSslCalls } from './domain-trace-ssl.js';
import { feedbackNewsCalls } from './feedback-news.js';
import { platformFeedbackNewsCalls } from './platform-feedback-news.js';
import { groupCalls } from './groups.js';
import { inboxCalls } from './inbox.js';
import { nodeCalls } from './nodes.js';
import { platformCalls } from './platform.js';
import { platformAccountCalls } from './platform-ops.js';
import { platformUserCalls } from './platform-ops-users.js';
import { profileCalls } from './profile.js';
import { pushCalls } from './push.js';
import { sslChainCalls } from './ssl-chain.js';

/** The call table: every call of the API, the one list that client, server and docs follow. */
export const CALLS = {
  ...authCalls,
  ...platformCalls,
  ...profileCalls,
  ...inboxCalls,
  ...accountCalls,
  ...nodeCalls,
  ...agentCalls,
  ...agentWorkCalls,
  ...domainDeployCalls,
  ...domainImportCalls,
  ...domainDetailCalls,
  ...domainCalls,
  ...domainOverviewCalls,
  ...domainTraceSslCalls,
  ...domainMtrCalls,
  ...agentMtrCalls,
  ...groupCalls,
  ...pushCalls,
  ...alertRuleCalls,
  ...alertSettingCalls,
  ...apiKeyCalls,
  ...sslChainCalls,
  ...feedbackNewsCalls,
  ...platformFeedbackNewsCalls,
  ...platformAccountCalls,
  ...platformUserCalls,
} as const;

export type Calls = typeof CALLS;
export type CallId = keyof Calls;

export { API_BASE, type CallRoute } from './paths.js';
export { CALL_ROUTES } from './call-routes.js';

export * from './account.js';
export * from './agent.js';
export * from './agent-work.js';
export * from './alert-rules.js';
export * from './alert-settings.js';
export * from './api-keys.js';
export * from './auth.js';
export * from './common.js';
export * from './define.js';
export * from './domain.js';
export * from './domain-deploy.js';
export * from './domain-import.js';
export * from './domain-detail.js';
export * from './domain-detail-answers.js';
export * from './domain-detail-finding.js';
export * from './domain-fields.js';
export * from './domain-list.js';
export * from './domain-mtr.js';
export * from './domain-overview.js';
export * from './domain-trace-ssl.js';
export * from './feedback-news.js';
export * from './platform-feedback-news.js';
export * from './groups.js';
export * from './inbox.js';
export * from './nodes.js';
export * from './platform.js';
export * from './platform-ops.js';
export * from './platform-ops-users.js';
export * from './profile.js';
export * from './push.js';
export * from './ssl-chain.js';
export * from './query-range.js';
export * from './trace-answers.js';
