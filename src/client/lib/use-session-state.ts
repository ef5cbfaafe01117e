import { useSyncExternalStore } from 'react';
import { getSessionState, subscribeSession, type SessionState } from './session-storage.js';

export function useSessionState(): SessionState {
  return useSyncExternalStore(subscribeSession, getSessionState);
}
