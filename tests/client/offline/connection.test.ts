import { MutationObserver, onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../../src/client/lib/api-client.js';
import { ApiError } from '../../../src/client/lib/api-failure.js';
import {
  CONNECTED,
  getConnection,
  isUnreachableFailure,
  nextConnection,
  noteCallOutcome,
  onProbeWanted,
  problemOf,
  reportConnection,
  startingConnection,
  type Connection,
  type ConnectionEvent,
} from '../../../src/client/lib/offline/connection.js';
import { createQueryClient } from '../../../src/client/lib/query-client.js';

function after(events: ConnectionEvent[], start: Connection = CONNECTED): Connection {
  return events.reduce(nextConnection, start);
}

afterEach(() => {
  reportConnection('serverAnswered');
  vi.unstubAllGlobals();
});

describe('the banner’s state', () => {
  it('takes the device saying offline as a doubt, not as offline, until a call fails', () => {
    expect(problemOf(after([]))).toBeNull();
    expect(after(['deviceOffline']).server).toBe('unknown');
    expect(problemOf(after(['deviceOffline']))).toBeNull();
    expect(problemOf(after(['deviceOffline', 'serverUnreachable']))).toBe('offline');
    expect(problemOf(after(['serverUnreachable', 'deviceOffline']))).toBe('offline');
  });

  it('starts in doubt when the browser opens saying offline', () => {
    expect(startingConnection(true)).toBe(CONNECTED);
    expect(startingConnection(false)).toEqual({ device: 'offline', server: 'unknown' });
    expect(problemOf(startingConnection(false))).toBeNull();
  });

  it('shows the server out of reach while online, until the server answers again', () => {
    expect(problemOf(after(['serverUnreachable']))).toBe('unreachable');
    expect(problemOf(after(['serverUnreachable', 'deviceOffline', 'deviceOnline']))).toBe('unreachable');
    expect(problemOf(after(['serverUnreachable', 'serverAnswered']))).toBeNull();
  });

  it('takes an answer of the server as proof the device is online', () => {
    expect(after(['deviceOffline', 'serverAnswered'])).toEqual(CONNECTED);
    expect(after(['deviceOffline', 'serverUnreachable', 'serverAnswered'])).toEqual(CONNECTED);
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

  it('is told by every call the api client makes, whatever the device says', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(request('pushKey')).rejects.toBeInstanceOf(ApiError);
    expect(problemOf(getConnection())).toBe('unreachable');

    reportConnection('deviceOffline');
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ status: true, code: 0, message: 'OK', data: { publicKey: 'k' } }))));
    await expect(request('pushKey')).resolves.toEqual({ publicKey: 'k' });
    expect(getConnection()).toEqual(CONNECTED);
  });
});

describe('queries and mutations', () => {
  it('query only while the server is not in doubt, ask for a probe meanwhile, and run once it answers', async () => {
    const client = createQueryClient();
    client.mount();
    let wanted = 0;
    const stopWanting = onProbeWanted(() => (wanted += 1));
    let asked = 0;
    reportConnection('deviceOffline');
    expect(onlineManager.isOnline()).toBe(false);
    const observer = new QueryObserver(client, { queryKey: ['tasks', 'list'], queryFn: async () => (asked += 1) });
    const stop = observer.subscribe(() => undefined);
    expect(observer.getCurrentResult().fetchStatus).toBe('paused');
    expect(asked).toBe(0);
    expect(wanted).toBe(1);

    reportConnection('serverAnswered');
    expect(onlineManager.isOnline()).toBe(true);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(1));
    stop();
    stopWanting();
    client.unmount();
  });

  it('mutations go to the server even when the device says offline or the last call failed, and are never queued', async () => {
    const client = createQueryClient();
    client.mount();
    let sent = 0;
    const observer = new MutationObserver(client, {
      mutationFn: async () => {
        sent += 1;
        return 'saved';
      },
    });
    reportConnection('deviceOffline');
    await expect(observer.mutate()).resolves.toBe('saved');
    reportConnection('serverUnreachable');
    await expect(observer.mutate()).resolves.toBe('saved');
    expect(sent).toBe(2);
    expect(client.getMutationCache().getAll().some((mutation) => mutation.state.isPaused)).toBe(false);
    client.unmount();
  });
});
