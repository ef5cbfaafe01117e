import { registerPushCleanup } from './session-step.js';

export { PushControl } from './components/push-control.js';

// Loading the console registers the session end's 'dropPush' step, before any session can end.
registerPushCleanup();
