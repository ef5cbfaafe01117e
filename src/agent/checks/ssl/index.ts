import { MONITOR_TYPES, sslStatusOf } from '../../../shared/codes.js';
import type { CheckOptionsOf } from '../../../shared/probe/options.js';
import type { CheckResultOf, Failure } from '../../../shared/probe/results.js';
import { certificateChainOf, rawCertificateChainOf } from '../certificate.js';
import { Budget, type Settled, startStopwatch } from '../clock.js';
import { connectTcp } from '../tcp/connect.js';
import { resolveWithin } from '../tcp/resolve.js';
import { ipMatchOf } from '../../../shared/ip.js';
import { bareHost } from '../target.js';
import type { CheckContext, CheckModule } from '../types.js';
import { TLS_PROTOCOL_VERSION_ERRORS } from '../../../shared/tls/presented-certificates.js';
import { handshakeTls, type TlsSession } from './handshake.js';

type SslResult = CheckResultOf<typeof MONITOR_TYPES.SSL>;
type SslOutcome = Pick<SslResult, 'failure' | 'resolvedIps' | 'ipMatched' | 'details'>;
type SslDetails = NonNullable<SslResult['details']>;

const NO_CERTIFICATE: Failure = { source: 'target', code: 'tls_error', detail: 'no peer certificate' };
const EXPIRED: Failure = { source: 'target', code: 'certificate_expired' };
/** As many certificates as `details.rawChain` may hold. */
const CHAIN_MAX = 20;

/** The chain as the server sent it when the handshake's bytes showed it, else Node's issuer order. */
function presentedChainOf(session: TlsSession, peer: NonNullable<TlsSession['peer']>): Pick<SslDetails, 'presentedChain' | 'orderKnown'> {
  if (session.presented && session.presented.length > 0) {
    return { presentedChain: session.presented.slice(0, CHAIN_MAX).map((der) => Buffer.from(der).toString('base64')), orderKnown: true };
  }
  return { presentedChain: rawCertificateChainOf(peer).slice(0, CHAIN_MAX), orderKnown: false };
}

/**
 * What the handshake showed. An expired certificate is a completed check that failed; one that is
 * merely untrusted (self-signed, wrong name) stays ok with `authorized` false, because this check
 * watches expiry and the alert layer decides what an untrusted chain means to the customer.
 */
export function sslDetailsOf(ip: string, session: TlsSession, now: Date = new Date(), rawChain = false): { details: SslDetails; failure: Failure | null } {
  const chain = session.peer ? certificateChainOf(session.peer, now) : [];
  const certificate = chain[0] ?? null;
  const details: SslDetails = {
    ip,
    authorized: session.authorized,
    authorizationError: session.authorizationError,
    sslStatus: certificate ? sslStatusOf(certificate.daysLeft) : null,
    certificate,
    chain,
    ...(rawChain && session.peer ? { rawChain: rawCertificateChainOf(session.peer).slice(0, CHAIN_MAX), ...presentedChainOf(session, session.peer) } : {}),
  };
  if (!certificate) return { details, failure: NO_CERTIFICATE };
  return { details, failure: certificate.daysLeft < 0 ? EXPIRED : null };
}

async function inspect(options: CheckOptionsOf<typeof MONITOR_TYPES.SSL>, ctx: CheckContext): Promise<SslOutcome> {
  const budget = new Budget(options.timeoutMs, ctx.signal);
  const host = bareHost(options.host);
  const resolved = await resolveWithin(host, ctx.allowPrivateTargets, budget);
  if (!resolved.ok) return { failure: resolved.failure, resolvedIps: [], ipMatched: null, details: null };

  const { ip, ips: resolvedIps } = resolved.value;
  const ipMatched = ipMatchOf(resolvedIps, ctx.matchingIps);
  const connectAndHandshake = async (recordPresented: { tls12Only: boolean } | undefined): Promise<Settled<TlsSession>> => {
    const connection = await connectTcp(ip, options.port, budget);
    if (!connection.ok) return { ok: false, failure: connection.failure };
    return handshakeTls(connection.value.socket, host, budget, { servername: options.servername, recordPresented });
  };
  // The chain checker's job (`rawChain`) reads the chain in the order sent, like the server does:
  // TLS 1.2 at most first, and a TLS 1.3-only server asked again without the limit.
  let session = await connectAndHandshake(options.rawChain === true ? { tls12Only: true } : undefined);
  if (options.rawChain === true && !session.ok && TLS_PROTOCOL_VERSION_ERRORS.has(session.failure.detail ?? '')) {
    session = await connectAndHandshake({ tls12Only: false });
  }
  if (!session.ok) return { failure: session.failure, resolvedIps, ipMatched, details: null };
  session.value.socket.destroy();
  return { resolvedIps, ipMatched, ...sslDetailsOf(ip, session.value, new Date(), options.rawChain === true) };
}

/** Type 7: the certificate a host presents — expiry, days left, chain, issuer, trust. */
async function runSsl(options: CheckOptionsOf<typeof MONITOR_TYPES.SSL>, ctx: CheckContext): Promise<SslResult> {
  const watch = startStopwatch();
  const outcome = await inspect(options, ctx);
  return { type: MONITOR_TYPES.SSL, ok: outcome.failure === null, startedAt: watch.startedAt, durationMs: watch.elapsedMs(), ...outcome };
}

export const sslCheck: CheckModule<typeof MONITOR_TYPES.SSL> = { type: MONITOR_TYPES.SSL, run: runSsl };
