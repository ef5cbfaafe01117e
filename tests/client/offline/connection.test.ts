import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/client/lib/api-failure.js';
import {
  CONNECTED,
  OfflineMutationError,
  getConnection,
  isUnreachableFailure,
  nextConnection,
  noteCallOutcome,
  problemOf,
  reportConnection,
  type Connection,
  type ConnectionEvent,
} from '../../../src/client/lib/offline/connection.js';
import { createQueryClient } from '../../../src/client/lib/query-client.js';

function after(events: ConnectionEvent[], start: Connection = CONNECTED): Connection {
  return events.reduce(nextConnection, start);
}

afterEach(() => {
  reportConnection('serverAnswered');
  onlineManager.setOnline(true);
});

describe('the banner’s state', () => {
  it('shows offline while the device is offline, whatever the server did', () => {
    expect(problemOf(after([]))).toBeNull();
    expect(problemOf(after(['deviceOffline']))).toBe('offline');
    expect(problemOf(after(['serverUnreachable', 'deviceOffline']))).toBe('offline');
  });

  it('shows the server out of reach while online, until the server answers again', () => {
    expect(problemOf(after(['serverUnreachable']))).toBe('unreachable');
    expect(problemOf(after(['serverUnreachable', 'deviceOffline', 'deviceOnline']))).toBe('unreachable');
    expect(problemOf(after(['serverUnreachable', 'serverAnswered']))).toBeNull();
  });

  it('takes an answer of the server as proof the device is online', () => {
    expect(after(['deviceOffline', 'serverAnswered'])).toEqual(CONNECTED);
  });

  it('keeps the same state object when nothing changes (no re-render)', () => {
    expect(nextConnection(CONNECTED, 'deviceOnline')).toBe(CONNECTED);
    expect(nextConnection(CONNECTED, 'serverAnswered')).toBe(CONNECTED);
  });
});

describe('which failures mean the server is out of reach', () => {
  it('counts network failures, timeouts and gateway answers, not the server’s refusals', () => {
    expect(isUnreachableFailure({ kind: 'network' })).toBe(true);
    expect(isUnreachableFailure({ kind: 'timeout' })).toBe(true);
    for (const status of [502, 503, 504]) expect(isUnreachableFailure({ kind: 'http', httpStatus: status })).toBe(true);
    expect(isUnreachableFailure({ kind: 'http', httpStatus: 500 })).toBe(false);
    expect(isUnreachableFailure({ kind: 'http', httpStatus: 404 })).toBe(false);
    expect(isUnreachableFailure({ kind: 'envelope', code: 2001, message: '', errors: [], httpStatus: 400 })).toBe(false);
  });

  it('follows each settled call', () => {
    noteCallOutcome(new ApiError('domainList', { kind: 'network' }));
    expect(problemOf(getConnection())).toBe('unreachable');
    noteCallOutcome(new Error('aborted'));
    expect(problemOf(getConnection())).toBe('unreachable');
    noteCallOutcome(new ApiError('domainList', { kind: 'envelope', code: 2127, message: '', errors: [], httpStatus: 400 }));
    expect(problemOf(getConnection())).toBeNull();
  });
});

describe('mutations offline', () => {
  it('fail at once instead of waiting to be sent later', async () => {
    const client = createQueryClient();
    client.mount();
    onlineManager.setOnline(false);
    let sent = 0;
    const observer = new MutationObserver(client, {
      mutationFn: async () => {
        sent += 1;
        return 'saved';
      },
    });
    await expect(observer.mutate()).rejects.toBeInstanceOf(OfflineMutationError);
    expect(client.getMutationCache().getAll().some((mutation) => mutation.state.isPaused)).toBe(false);
    onlineManager.setOnline(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toBe(0);
    await expect(observer.mutate()).resolves.toBe('saved');
    client.unmount();
  });

  it('tell the connection whether the server answered', async () => {
    const client = createQueryClient();
    const failing = new MutationObserver(client, { mutationFn: () => Promise.reject(new ApiError('domainDelete', { kind: 'network' })) });
    await failing.mutate().catch(() => undefined);
    expect(problemOf(getConnection())).toBe('unreachable');
    await new MutationObserver(client, { mutationFn: async () => 'ok' }).mutate();
    expect(problemOf(getConnection())).toBeNull();
  });
});
