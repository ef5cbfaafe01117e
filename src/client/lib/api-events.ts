import type { CallId } from '../../shared/index.js';
import type { ApiFailure, SessionEndCode } from './api-failure.js';

/** What the api client tells the app layer, which owns notifications and the session. */
export type ApiEvent =
  | { type: 'failure'; callId: CallId; failure: ApiFailure }
  /** The server refused the session: 401, or `endCode` when an operator ended it (suspension, deactivation). */
  | { type: 'unauthorized'; token: string; endCode?: SessionEndCode };

type Listener = (event: ApiEvent) => void;

const listeners = new Set<Listener>();

export function onApiEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitApiEvent(event: ApiEvent): void {
  for (const listener of listeners) listener(event);
}
