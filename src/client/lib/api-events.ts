import type { CallId } from '../../shared/index.js';
import type { ApiFailure } from './api-failure.js';

/** What the api client tells the app layer, which owns notifications and the session. */
export type ApiEvent =
  | { type: 'failure'; callId: CallId; failure: ApiFailure }
  | { type: 'unauthorized'; token: string };

type Listener = (event: ApiEvent) => void;

const listeners = new Set<Listener>();

export function onApiEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitApiEvent(event: ApiEvent): void {
  for (const listener of listeners) listener(event);
}
