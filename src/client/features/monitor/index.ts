export { MonitorListPage } from './components/monitor-list-screen.js';
