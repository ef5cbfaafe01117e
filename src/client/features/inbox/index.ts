export { inboxListQuery, inboxListQueryKey } from './api.js';
export { InboxBell } from './components/inbox-bell.js';
