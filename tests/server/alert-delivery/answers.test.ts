import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS, BACKOFF_FIRST_MS, retryDelayMs } from '../../../src/server/modules/alert-delivery/pacing.js';
import { classifySend } from '../../../src/server/modules/alert-delivery/telegram.js';

describe('classifySend', () => {
  it.each([
    [{ ok: true as const, result: { message_id: 7 } }, { kind: 'sent', messageId: '7' }],
    [{ ok: false as const, status: 429, retryAfterSeconds: 12, description: 'Too Many Requests: retry after 12' }, { kind: 'rate_limited', retryAfterMs: 12_000 }],
    [{ ok: false as const, status: 429, description: 'Too Many Requests' }, { kind: 'rate_limited', retryAfterMs: 1000 }],
    [{ ok: false as const, status: 403, description: 'Forbidden: bot was kicked from the group chat' }, { kind: 'blocked', reason: 'blocked' }],
    [{ ok: false as const, status: 400, description: 'Bad Request: chat not found' }, { kind: 'blocked', reason: 'chat_not_found' }],
    [{ ok: false as const, status: 400, description: "Bad Request: can't parse entities" }, { kind: 'rejected', status: 400 }],
    [{ ok: false as const, status: 413, description: 'Request Entity Too Large' }, { kind: 'rejected', status: 413 }],
    [{ ok: false as const, status: 502, description: 'Bad Gateway' }, { kind: 'unavailable', reason: 'server' }],
    [{ ok: false as const, status: 500, description: '' }, { kind: 'unavailable', reason: 'server' }],
  ])('%j → %j', (answer, outcome) => {
    expect(classifySend(answer)).toEqual(outcome);
  });
});

describe('retryDelayMs', () => {
  it('doubles from 2 s to the 5 min cap, within ±20 %', () => {
    expect([1, 2, 3, 8, 9, 40].map((tries) => retryDelayMs(tries, () => 0.5))).toEqual([2000, 4000, 8000, 256_000, BACKOFF_CAP_MS, BACKOFF_CAP_MS]);
    expect(retryDelayMs(1, () => 0)).toBe(BACKOFF_FIRST_MS * 0.8);
    expect(retryDelayMs(40, () => 1)).toBe(BACKOFF_CAP_MS * 1.2);
  });
});
