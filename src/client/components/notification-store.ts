import { LIMITS } from '../../shared/index.js';

export type NoticeKind = 'error' | 'success';

export interface Notice {
  id: number;
  kind: NoticeKind;
  text: string;
}

interface NoticeState {
  notifications: readonly Notice[];
  snackbar: Notice | null;
}

let state: NoticeState = { notifications: [], snackbar: null };
let nextId = 1;
const listeners = new Set<() => void>();

function replaceState(next: NoticeState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getNoticeState(): NoticeState {
  return state;
}

export function subscribeNotices(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function dismissNotification(id: number): void {
  replaceState({ ...state, notifications: state.notifications.filter((notice) => notice.id !== id) });
}

/** Errors that a success made moot (a signed-in user no longer needs "wrong password"). */
export function dismissErrorNotifications(): void {
  if (!state.notifications.some((notice) => notice.kind === 'error')) return;
  replaceState({ ...state, notifications: state.notifications.filter((notice) => notice.kind !== 'error') });
}

/** A top-right notification, shown for LIMITS.notificationMs (§8). */
export function notify(text: string, kind: NoticeKind = 'error'): void {
  const notice: Notice = { id: nextId++, kind, text };
  replaceState({ ...state, notifications: [...state.notifications, notice] });
  setTimeout(() => dismissNotification(notice.id), LIMITS.notificationMs);
}

/** A short confirmation at the bottom, shown for LIMITS.snackbarMs. */
export function showSnackbar(text: string): void {
  const notice: Notice = { id: nextId++, kind: 'success', text };
  replaceState({ ...state, snackbar: notice });
  setTimeout(() => {
    if (state.snackbar?.id === notice.id) replaceState({ ...state, snackbar: null });
  }, LIMITS.snackbarMs);
}
