import type { SessionEndReason } from '../session-cleanup.js';

/** Tabs of the console tell each other that the session ended, so each runs the same cleanup. */
export const SESSION_CHANNEL = 'vigil-session';

export interface SessionEndedMessage {
  type: 'session-ended';
  reason: SessionEndReason;
}

const REASONS: readonly SessionEndReason[] = ['logout', 'unauthorized', 'refused', 'otherTab'];

export function sessionEndedReasonOf(data: unknown): SessionEndReason | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Partial<SessionEndedMessage>;
  if (message.type !== 'session-ended') return null;
  return REASONS.find((reason) => reason === message.reason) ?? null;
}

let channel: BroadcastChannel | null | undefined;

/** One channel per tab for sending and listening: a tab never hears its own message. */
function tabChannel(): BroadcastChannel | null {
  if (channel === undefined) channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL);
  return channel;
}

export function tellOtherTabs(reason: SessionEndReason): void {
  const message: SessionEndedMessage = { type: 'session-ended', reason };
  tabChannel()?.postMessage(message);
}

export function onOtherTabSessionEnd(listener: (reason: SessionEndReason) => void): () => void {
  const current = tabChannel();
  if (!current) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    const reason = sessionEndedReasonOf(event.data);
    if (reason) listener(reason);
  };
  current.addEventListener('message', onMessage);
  return () => current.removeEventListener('message', onMessage);
}
