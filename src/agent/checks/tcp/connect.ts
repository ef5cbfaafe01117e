import { type ConnectOpts, type OnReadOpts, Socket, type SocketConstructorOpts } from 'node:net';
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

/** Room for one read of a plain connection (Node reads at most 64 KiB at a time). */
const DIRECT_READ_BYTES = 64 * 1024;
/** Allocated once: a socket's read lands here and is handed on before the next read can start. */
let directReadBuffer: Buffer | undefined;

/**
 * Hands each read of a plain connection straight to `onData` (net.Socket's `onread`), without the
 * readable stream's buffering and events: 6-8 % of the bare socket work of an HTTP check on
 * loopback (docs/architecture.md, "Performance: CPU per check"). The chunk is a view of one buffer
 * every check shares and the next read overwrites: `onData` must use it at once and copy what it
 * keeps. Only for plain sockets: TLS reads the connection itself.
 */
export class DirectReader {
  onData: (chunk: Buffer) => void = () => undefined;

  readonly onread: OnReadOpts = {
    buffer: (directReadBuffer ??= Buffer.allocUnsafe(DIRECT_READ_BYTES)),
    callback: (bytes: number, buffer: Uint8Array): boolean => {
      this.onData(Buffer.from(buffer.buffer, buffer.byteOffset, bytes));
      return true;
    },
  };
}

/**
 * Opens a TCP connection to one address and measures the handshake. The socket keeps a silent
 * error listener so that a late error between phases never crashes the agent; each later phase
 * listens for its own errors.
 */
export async function connectTcp(ip: string, port: number, budget: Budget, reader?: DirectReader): Promise<Settled<TcpConnection>> {
  const options: SocketConstructorOpts & ConnectOpts = reader ? { onread: reader.onread } : {};
  const socket = new Socket(options);
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
