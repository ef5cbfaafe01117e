export { AlertLogPage } from './components/log-page.js';
export { AlertCreatePage, AlertEditPage } from './components/rule-form-page.js';
export { AlertListPage } from './components/rule-list-page.js';
export { AlertSettingPage } from './components/setting-page.js';
