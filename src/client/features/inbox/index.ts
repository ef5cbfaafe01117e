export { inboxListQuery, inboxListQueryKey } from './api.js';
export { InboxBell } from './components/inbox-bell.js';
export { inboxTargetOf, isPushMessage, INBOX_PARAM } from './inbox-target.js';
