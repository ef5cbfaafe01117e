import { STORAGE_KEYS } from '../../shared/index.js';
import { endSessionAfterCleanup } from './session-end.js';

/**
 * active: a token is stored. anonymous: never signed in (guards send to /login?redirect=).
 * signedOut: the session just ended (guards send to /login). expiring: a 401 arrived and the
 * console waits before it leaves for /login.
 */
export type SessionPhase = 'active' | 'anonymous' | 'signedOut' | 'expiring';

export interface SessionState {
  token: string | null;
  phase: SessionPhase;
}

const listeners = new Set<() => void>();
const tokenListeners = new Set<() => void>();

function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.tokenLocalStorage);
  } catch {
    return null;
  }
}

function writeStoredToken(token: string | null): void {
  try {
    if (token === null) window.localStorage.removeItem(STORAGE_KEYS.tokenLocalStorage);
    else window.localStorage.setItem(STORAGE_KEYS.tokenLocalStorage, token);
  } catch {
    // Storage can be unavailable (private mode); the session then lasts as long as the page.
  }
}

function initialState(): SessionState {
  if (typeof window === 'undefined') return { token: null, phase: 'anonymous' };
  const token = readStoredToken();
  return { token, phase: token ? 'active' : 'anonymous' };
}

let state: SessionState = initialState();

function replaceState(next: SessionState): void {
  const tokenChanged = next.token !== state.token;
  state = next;
  // Per-user caches go before any screen renders with the new token.
  if (tokenChanged) for (const listener of tokenListeners) listener();
  for (const listener of listeners) listener();
}

export function getSessionState(): SessionState {
  return state;
}

export function getToken(): string | null {
  return state.token;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called whenever the token changes (sign-in, sign-out, 401, another tab), before screens update. */
export function subscribeTokenChange(listener: () => void): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

export function startSession(token: string): void {
  writeStoredToken(token);
  replaceState({ token, phase: 'active' });
}

export function endSession(phase: Exclude<SessionPhase, 'active'>): void {
  writeStoredToken(null);
  replaceState({ token: null, phase });
}

/** This tab's session once another tab stored `storedToken` (null: removed it, or cleared storage). */
export function sessionAfterStorageChange(current: SessionState, storedToken: string | null): SessionState {
  if (storedToken === current.token) return current;
  return storedToken ? { token: storedToken, phase: 'active' } : { token: null, phase: 'signedOut' };
}

/**
 * Takes over what another tab stored. When the token this tab held goes (signed out, expired, or
 * replaced by another user's), its session ends here too: the cleanup (persistence, queries, store)
 * runs before the new state shows.
 */
export function adoptStoredSession(): Promise<void> {
  const next = sessionAfterStorageChange(state, readStoredToken());
  if (next === state) return Promise.resolve();
  if (state.token === null) {
    replaceState(next);
    return Promise.resolve();
  }
  // The stored token is read again at the end: the other tab may have changed it once more meanwhile.
  return endSessionAfterCleanup({ reason: 'otherTab', fromOtherTab: true, dropToken: applyStoredToken });
}

/** This tab's state follows the stored token now (no cleanup: the caller ran it). */
export function applyStoredToken(): void {
  const next = sessionAfterStorageChange(state, readStoredToken());
  if (next !== state) replaceState(next);
}

// Another tab signing in or out, or as someone else, changes this tab too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEYS.tokenLocalStorage && event.key !== null) return;
    void adoptStoredSession();
  });
}
