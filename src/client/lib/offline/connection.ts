import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError, type ApiFailure } from '../api-failure.js';

/**
 * Whether the console can reach its server: the device's network (online/offline events) and the
 * server's answers (a network failure or a gateway's 502/503/504 means unreachable, any answer of
 * the server means reachable again).
 */
export interface Connection {
  device: 'online' | 'offline';
  server: 'reachable' | 'unreachable';
}

export type ConnectionEvent = 'deviceOnline' | 'deviceOffline' | 'serverUnreachable' | 'serverAnswered';

/** What the banner and the mutation controls say: nothing, offline, or the server out of reach. */
export type ConnectionProblem = 'offline' | 'unreachable' | null;

export const CONNECTED: Connection = { device: 'online', server: 'reachable' };

export function nextConnection(current: Connection, event: ConnectionEvent): Connection {
  switch (event) {
    case 'deviceOnline':
      return current.device === 'online' ? current : { ...current, device: 'online' };
    case 'deviceOffline':
      return current.device === 'offline' ? current : { ...current, device: 'offline' };
    case 'serverUnreachable':
      return current.server === 'unreachable' ? current : { ...current, server: 'unreachable' };
    case 'serverAnswered':
      // An answer proves the network is there, whatever the device said.
      return current.device === 'online' && current.server === 'reachable' ? current : CONNECTED;
  }
}

export function problemOf(connection: Connection): ConnectionProblem {
  if (connection.device === 'offline') return 'offline';
  return connection.server === 'unreachable' ? 'unreachable' : null;
}

const GATEWAY_FAILURES = new Set([502, 503, 504]);

/** A failure that says nothing answered for the server (as opposed to the server refusing). */
export function isUnreachableFailure(failure: ApiFailure): boolean {
  if (failure.kind === 'network' || failure.kind === 'timeout') return true;
  return failure.kind === 'http' && GATEWAY_FAILURES.has(failure.httpStatus);
}

export function isUnreachableError(error: unknown): boolean {
  return error instanceof ApiError && isUnreachableFailure(error.failure);
}

let current: Connection = CONNECTED;
const listeners = new Set<() => void>();

export function getConnection(): Connection {
  return current;
}

export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportConnection(event: ConnectionEvent): void {
  const next = nextConnection(current, event);
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

/** Every settled call tells whether the server was there (queries and mutations alike). */
export function noteCallOutcome(error: unknown): void {
  if (isUnreachableError(error)) {
    reportConnection('serverUnreachable');
    return;
  }
  if (error !== null && error !== undefined && !(error instanceof ApiError)) return; // aborted, or not a call
  reportConnection('serverAnswered');
  // The device said offline, yet the server answered: let waiting queries run.
  if (!onlineManager.isOnline()) onlineManager.setOnline(true);
}

/**
 * Follows the device's network. A page opened without network starts offline, and TanStack Query
 * is told so, so its queries wait instead of failing and run again when the network returns.
 */
export function watchDeviceNetwork(): () => void {
  if (typeof window === 'undefined') return () => undefined;
  if (navigator.onLine === false) {
    reportConnection('deviceOffline');
    onlineManager.setOnline(false);
  }
  const online = () => reportConnection('deviceOnline');
  const offline = () => reportConnection('deviceOffline');
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}

export function useConnection(): Connection {
  return useSyncExternalStore(subscribeConnection, getConnection, getConnection);
}

export function useConnectionProblem(): ConnectionProblem {
  return problemOf(useConnection());
}

/** Thrown instead of running a mutation while offline: mutations are never queued for later. */
export class OfflineMutationError extends Error {
  constructor() {
    super('offline: the change was not sent');
    this.name = 'OfflineMutationError';
  }
}

/** The last guard behind the disabled controls: a mutation started offline fails at once. */
export function refuseMutationOffline(): void {
  if (!onlineManager.isOnline() || getConnection().device === 'offline') throw new OfflineMutationError();
}
