// The installable console: service worker registration and the update prompt.
export { startServiceWorker } from './start-service-worker.js';
export { UpdatePrompt } from './update-prompt.js';
