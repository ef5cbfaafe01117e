import { useSyncExternalStore } from 'react';
import { ApiError, type ApiFailure } from '../api-failure.js';

/**
 * Whether the console can reach its server. The browser's word (navigator.onLine and its events)
 * is only a hint: a browser on a network without a default route says "offline" while the server
 * answers. What calls do decides: an answer of the server means reachable, a network failure or a
 * gateway's 502/503/504 means unreachable. When the browser says offline and no call has told yet,
 * the server is `unknown` and a probe asks it (`connection-watch.ts`).
 */
export interface Connection {
  /** The browser's hint, for the wording only ("offline" rather than "server out of reach"). */
  device: 'online' | 'offline';
  server: 'reachable' | 'unreachable' | 'unknown';
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
      if (current.device === 'offline') return current;
      // A reachable server is put in doubt, not declared gone: the next call or probe tells.
      return { device: 'offline', server: current.server === 'reachable' ? 'unknown' : current.server };
    case 'serverUnreachable':
      return current.server === 'unreachable' ? current : { ...current, server: 'unreachable' };
    case 'serverAnswered':
      // An answer proves the network is there, whatever the device said.
      return current.device === 'online' && current.server === 'reachable' ? current : CONNECTED;
  }
}

/** Only what calls showed counts: a device that says offline while nothing failed is no problem yet. */
export function problemOf(connection: Connection): ConnectionProblem {
  if (connection.server !== 'unreachable') return null;
  return connection.device === 'offline' ? 'offline' : 'unreachable';
}

/** The console's start: the device's word puts the server in doubt until a call or probe answers. */
export function startingConnection(deviceSaysOnline: boolean): Connection {
  return deviceSaysOnline ? CONNECTED : nextConnection(CONNECTED, 'deviceOffline');
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

let current: Connection = startingConnection(typeof navigator === 'undefined' || navigator.onLine !== false);
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

/** Every settled call tells whether the server was there (the api client reports each one). */
export function noteCallOutcome(error: unknown): void {
  if (isUnreachableError(error)) reportConnection('serverUnreachable');
  else if (error === null || error === undefined || error instanceof ApiError) reportConnection('serverAnswered');
  // Anything else is no call's outcome (an aborted call): it says nothing about the server.
}

const probeWishes = new Set<() => void>();

/** Something waits on the server (a paused query, a retry): whoever watches the connection asks it now. */
export function wantProbe(): void {
  for (const wish of probeWishes) wish();
}

export function onProbeWanted(listener: () => void): () => void {
  probeWishes.add(listener);
  return () => probeWishes.delete(listener);
}

export function useConnection(): Connection {
  return useSyncExternalStore(subscribeConnection, getConnection, getConnection);
}

export function useConnectionProblem(): ConnectionProblem {
  return problemOf(useConnection());
}
