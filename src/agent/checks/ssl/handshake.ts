import type { Socket } from 'node:net';
import { isIP } from 'node:net';
import { connect as tlsConnect, createSecureContext, type DetailedPeerCertificate, type PeerCertificate, type SecureContext, type TLSSocket } from 'node:tls';
import type { Failure } from '../../../shared/probe/results.js';
import { type Budget, clockNow, msBetween, type Settled, settleWithin } from '../clock.js';
import { errnoOf } from '../../../node-shared/socket-errors.js';
import { failureOfSocketError } from '../tcp/connect.js';
import { hasCertificate } from '../certificate.js';
import { presentedCertificates } from '../../../shared/tls/presented-certificates.js';
import { RecordingSocket } from '../../../node-shared/recording-socket.js';

export interface TlsSession {
  socket: TLSSocket;
  tlsMs: number;
  /** Whether the chain verifies against the system trust store and names the host. */
  authorized: boolean;
  authorizationError: string | null;
  /** The leaf with its issuer links (the leaf alone, without them, when `chain` is false), or null when the peer sent none. */
  peer: DetailedPeerCertificate | null;
  /** With `recordPresented`: the certificates in the order the peer sent them, or null when that order was not readable (TLS 1.3). */
  presented: Uint8Array[] | null;
}

export interface HandshakeOptions {
  alpn?: string[];
  /** Whether `peer` carries the issuer links (the SSL check's chain); building them costs CPU. */
  chain?: boolean;
  /** SNI name other than the host (the SSL chain checker's). */
  servername?: string | undefined;
  /**
   * Run TLS over a stream that keeps what the peer sent and read its Certificate message (the SSL
   * chain checker's, the same capture as the server's); `tls12Only` limits the handshake to TLS
   * 1.2, the last version that sends that message in clear.
   */
  recordPresented?: { tls12Only: boolean } | undefined;
}

let clientContext: SecureContext | undefined;
let tls12ClientContext: SecureContext | undefined;

function sharedTls12ClientContext(): SecureContext {
  tls12ClientContext ??= createSecureContext({ maxVersion: 'TLSv1.2' });
  return tls12ClientContext;
}

/**
 * One client context for every handshake: without it, each connection builds its own (the system
 * trust store included), which costs more CPU than the handshake's own cryptography. It holds no
 * per-connection state: SNI, ALPN and verification are per socket, and sessions are not resumed
 * (every check measures a full handshake).
 */
function sharedClientContext(): SecureContext {
  clientContext ??= createSecureContext();
  return clientContext;
}

/** Errors during the handshake are the target's TLS failure, except plain network ones. */
function failureOfHandshakeError(error: unknown): Failure {
  const network = failureOfSocketError(error);
  if (network.source === 'target' && network.code !== 'reset') return network;
  const detail = (errnoOf(error) ?? (error as Error | undefined)?.message ?? String(error)).slice(0, 500);
  return { source: 'target', code: 'tls_error', detail };
}

/** Node reports the verification error as a code string although its typings say Error. */
function authorizationErrorOf(socket: TLSSocket): string | null {
  if (socket.authorized) return null;
  const error: unknown = socket.authorizationError;
  if (typeof error === 'string') return error;
  if (error instanceof Error) return errnoOf(error) ?? error.message;
  return error === undefined || error === null ? null : String(error);
}

/**
 * Runs a TLS handshake over a connected socket, with SNI for a host name (never for an IP literal),
 * accepting any certificate so that an untrusted or expired one is still measured and reported.
 */
export async function handshakeTls(socket: Socket, host: string, budget: Budget, options: HandshakeOptions = {}): Promise<Settled<TlsSession>> {
  const started = clockNow();
  const recording = options.recordPresented ? new RecordingSocket(socket) : null;
  const tls = tlsConnect({
    socket: recording ?? socket,
    host,
    servername: options.servername ?? (isIP(host) ? undefined : host),
    rejectUnauthorized: false,
    ALPNProtocols: options.alpn,
    secureContext: options.recordPresented?.tls12Only ? sharedTls12ClientContext() : sharedClientContext(),
  });
  tls.on('error', () => undefined);
  // The TLS socket does not end a stream it wraps: the recording (and the socket under it) goes with it.
  if (recording) tls.once('close', () => recording.destroy());
  const secured = new Promise<bigint>((resolve, reject) => {
    tls.once('secureConnect', () => resolve(clockNow()));
    tls.once('error', reject);
    tls.once('close', () => reject(Object.assign(new Error('closed during handshake'), { code: 'ECONNRESET' })));
  });
  const outcome = await settleWithin(secured, budget, failureOfHandshakeError, () => tls.destroy());
  if (!outcome.ok) {
    tls.destroy();
    return outcome;
  }
  // Without the chain Node answers the leaf alone: issuerCertificate is absent, which ends any walk of it.
  const peer: PeerCertificate = tls.getPeerCertificate(options.chain !== false);
  return {
    ok: true,
    value: {
      socket: tls,
      tlsMs: msBetween(started, outcome.value),
      authorized: tls.authorized,
      authorizationError: authorizationErrorOf(tls),
      peer: hasCertificate(peer) ? (peer as DetailedPeerCertificate) : null,
      presented: recording ? presentedCertificates(recording.received()) : null,
    },
  };
}
