export { OverviewPage } from './components/overview-page.js';
