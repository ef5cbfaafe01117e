export { SslChainPage } from './components/ssl-chain-page.js';
