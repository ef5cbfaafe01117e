import { Socket } from 'node:net';
import type { Failure, FailureCode } from '../../../shared/probe/results.js';
import { type Budget, clockNow, msBetween, type Settled, settleWithin } from '../clock.js';

const TARGET_ERRNO: Readonly<Record<string, FailureCode>> = {
  ECONNREFUSED: 'refused',
  ETIMEDOUT: 'timeout',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  EHOSTDOWN: 'unreachable',
  ENETDOWN: 'unreachable',
  EADDRNOTAVAIL: 'unreachable',
  ECONNRESET: 'reset',
  EPIPE: 'reset',
  ECONNABORTED: 'reset',
};

export function errnoOf(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Where a socket error happened: known network errnos are the target's; anything else (no file
 * descriptors, no buffers) is the probe node's own trouble.
 */
export function failureOfSocketError(error: unknown): Failure {
  const errno = errnoOf(error);
  const code = errno ? TARGET_ERRNO[errno] : undefined;
  if (code) return { source: 'target', code, detail: errno };
  return { source: 'probe', code: 'tool_error', detail: (errno ?? String(error)).slice(0, 500) };
}

export interface TcpConnection {
  socket: Socket;
  connectMs: number;
}

/**
 * Opens a TCP connection to one address and measures the handshake. The socket keeps a silent
 * error listener so that a late error between phases never crashes the agent; each later phase
 * listens for its own errors.
 */
export async function connectTcp(ip: string, port: number, budget: Budget): Promise<Settled<TcpConnection>> {
  const socket = new Socket();
  socket.on('error', () => undefined);
  const connected = new Promise<bigint>((resolve, reject) => {
    socket.once('connect', () => resolve(clockNow()));
    socket.once('error', reject);
  });
  const started = clockNow();
  socket.connect({ host: ip, port });
  const outcome = await settleWithin(connected, budget, failureOfSocketError, () => socket.destroy());
  if (!outcome.ok) {
    socket.destroy();
    return outcome;
  }
  socket.setNoDelay(true);
  return { ok: true, value: { socket, connectMs: msBetween(started, outcome.value) } };
}
