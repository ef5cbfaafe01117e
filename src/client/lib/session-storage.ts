import { STORAGE_KEYS } from '../../shared/index.js';

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
  state = next;
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

export function startSession(token: string): void {
  writeStoredToken(token);
  replaceState({ token, phase: 'active' });
}

export function endSession(phase: Exclude<SessionPhase, 'active'>): void {
  writeStoredToken(null);
  replaceState({ token: null, phase });
}

// Another tab signing in or out changes this tab too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEYS.tokenLocalStorage) return;
    replaceState(event.newValue ? { token: event.newValue, phase: 'active' } : { token: null, phase: 'signedOut' });
  });
}
