export { NodesPage } from './components/nodes-page.js';
