import { Socket } from 'node:net';
import { connect as tlsConnect, type DetailedPeerCertificate, type SecureContext, type TLSSocket } from 'node:tls';
import { looksLikeTls, presentedCertificates, TLS_PROTOCOL_VERSION_ERRORS } from '../../../shared/tls/presented-certificates.js';
import { RecordingSocket } from '../../../node-shared/recording-socket.js';
import { connectionFailureOf, type ConnectionFailure } from './connection-failure.js';
import { withinMs } from './resolve-target.js';

/** What a completed handshake showed: the raw chain and the verifier's code. */
export interface HandshakeEvidence {
  presented: Uint8Array[];
  orderKnown: boolean;
  verifyCode: string | null;
  protocol: string | null;
}

export type HandshakeOutcome = ({ ok: true } & HandshakeEvidence) | ({ ok: false } & ConnectionFailure);

export interface HandshakeTarget {
  ip: string;
  port: number;
  servername: string | null;
  /** The trust store's context, limited to TLS 1.2 or not. */
  secureContext: (tls12Only: boolean) => SecureContext;
}

async function connectSocket(ip: string, port: number, ms: number): Promise<Socket> {
  const socket = new Socket();
  socket.on('error', () => undefined);
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.connect({ host: ip, port });
  try {
    await withinMs(connected, ms);
    return socket;
  } catch (error) {
    socket.destroy();
    throw error;
  }
}

/** The linked chain Node built (issuer order; it may end with a root from the trust store). */
function linkedChain(tls: TLSSocket): Uint8Array[] {
  const chain: Uint8Array[] = [];
  const seen = new Set<string>();
  let current: DetailedPeerCertificate | undefined = tls.getPeerCertificate(true);
  while (current?.raw && !seen.has(current.fingerprint256)) {
    seen.add(current.fingerprint256);
    chain.push(current.raw);
    current = current.issuerCertificate;
  }
  return chain;
}

function authorizationCodeOf(tls: TLSSocket): string | null {
  if (tls.authorized) return null;
  const error: unknown = tls.authorizationError;
  if (typeof error === 'string') return error;
  if (error instanceof Error) return (error as NodeJS.ErrnoException).code ?? error.message;
  return null;
}

/** Connect and handshake within `ms` together. */
async function handshakeOnce(target: HandshakeTarget, tls12: boolean, ms: number): Promise<HandshakeOutcome> {
  const started = performance.now();
  const socket = await connectSocket(target.ip, target.port, ms);
  const recording = new RecordingSocket(socket);
  const tls = tlsConnect({
    socket: recording,
    host: target.ip,
    ...(target.servername === null ? {} : { servername: target.servername }),
    rejectUnauthorized: false,
    secureContext: target.secureContext(tls12),
  });
  tls.on('error', () => undefined);
  const secured = new Promise<void>((resolve, reject) => {
    tls.once('secureConnect', resolve);
    tls.once('error', reject);
    tls.once('close', () => reject(Object.assign(new Error('closed during the handshake'), { code: 'ECONNRESET' })));
  });
  try {
    await withinMs(secured, Math.max(1, ms - (performance.now() - started)));
    const presented = presentedCertificates(recording.received());
    return { ok: true, presented: presented ?? linkedChain(tls), orderKnown: presented !== null, verifyCode: authorizationCodeOf(tls), protocol: tls.getProtocol() };
  } catch (error) {
    if (!looksLikeTls(recording.received())) return { ok: false, failure: 'not_tls', detail: null };
    return { ok: false, ...connectionFailureOf(error) };
  } finally {
    // The TLS socket does not end a stream it wraps: both go, or the connection would stay open.
    tls.destroy();
    recording.destroy();
  }
}

/**
 * Connects from the server and completes a handshake accepting any certificate. TLS 1.2 first,
 * since only then is the Certificate message readable in the order sent; a server that speaks
 * TLS 1.3 only is asked again without that limit (the chain then comes in issuer order). Each try
 * takes at most `ms`.
 */
export async function handshakeFromServer(target: HandshakeTarget, ms: number): Promise<HandshakeOutcome> {
  try {
    const first = await handshakeOnce(target, true, ms);
    if (first.ok || first.detail === null || !TLS_PROTOCOL_VERSION_ERRORS.has(first.detail)) return first;
    return await handshakeOnce(target, false, ms);
  } catch (error) {
    return { ok: false, ...connectionFailureOf(error) };
  }
}
