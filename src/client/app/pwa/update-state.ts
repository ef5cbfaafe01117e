/**
 * Whether a new version of the console is ready, shared by the service worker registration (which
 * learns it) and the update prompt (which offers it). No React here, so it is tested in Node.
 *
 * - `waiting`: a new service worker is installed and waits; accepting asks it to take over, and
 *   the page reloads when it controls the page.
 * - `activated`: another tab accepted an update and the new worker already controls this page;
 *   accepting only reloads, so this page's code matches the precache again.
 */
export type UpdateState = { kind: 'none' } | { kind: 'waiting'; accept: () => void } | { kind: 'activated'; accept: () => void };

type Listener = () => void;

export interface UpdateStore {
  getSnapshot: () => UpdateState;
  subscribe: (listener: Listener) => () => void;
  offer: (kind: 'waiting' | 'activated', accept: () => void) => void;
  /** "Later": hidden until the next offer. */
  dismiss: () => void;
}

const NONE: UpdateState = { kind: 'none' };

export function createUpdateStore(): UpdateStore {
  let state: UpdateState = NONE;
  const listeners = new Set<Listener>();
  const set = (next: UpdateState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    getSnapshot: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    offer: (kind, accept) => set({ kind, accept }),
    dismiss: () => set(NONE),
  };
}

/** The console's one store. */
export const updateStore = createUpdateStore();
