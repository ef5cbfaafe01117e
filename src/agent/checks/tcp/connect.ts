import { Socket } from 'node:net';
import type { Failure } from '../../../shared/probe/results.js';
import { errnoOf, networkFailureOfErrno } from '../../../node-shared/socket-errors.js';
import { type Budget, clockNow, msBetween, type Settled, settleWithin } from '../clock.js';

/**
 * Where a socket error happened: known network errnos are the target's; anything else (no file
 * descriptors, no buffers) is the probe node's own trouble.
 */
export function failureOfSocketError(error: unknown): Failure {
  const errno = errnoOf(error);
  const code = networkFailureOfErrno(errno);
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
