import { lazy } from 'react';
import { loadNamespaces } from '../../lib/i18n.js';
import { registerSessionCleanup } from '../../lib/session-cleanup.js';

/** "Notify me on this device": shown in the inbox panel, so its code and texts load with the panel's first opening. */
export const PushControl = lazy(async () => {
  const [module] = await Promise.all([import('./components/push-control.js'), loadNamespaces(['push'])]);
  return { default: module.PushControl };
});

// Loading the console registers the session end's 'dropPush' step, before any session can end; its
// code (the subscription and the server call) loads when a session ends, precached like every chunk.
registerSessionCleanup('dropPush', async (end) => (await import('./session-step.js')).dropPushSubscription(end));
