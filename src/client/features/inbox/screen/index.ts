export { InboxPage } from './components/inbox-page.js';
