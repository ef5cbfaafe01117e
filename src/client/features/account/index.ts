export { AccountPage } from './components/account-page.js';
export { TranslogPage } from './components/translog-page.js';
