import { MONITOR_TYPES } from '../../../shared/codes.js';
import type { CheckOptionsOf } from '../../../shared/probe/options.js';
import type { CertificateSummary, CheckResultOf, Failure } from '../../../shared/probe/results.js';
import { Budget, startStopwatch, type Stopwatch } from '../clock.js';
import { ipMatchOf } from '../../../shared/ip.js';
import type { CheckContext, CheckModule } from '../types.js';
import { type Hop, runHop } from './hop.js';
import { initialUrlOf, redirectTargetOf } from './url.js';

type WebType = typeof MONITOR_TYPES.HTTP | typeof MONITOR_TYPES.HTTPS;
type WebResult = CheckResultOf<WebType>;
type WebOutcome = Pick<WebResult, 'failure' | 'resolvedIps' | 'ipMatched' | 'details'>;

const TOO_MANY_REDIRECTS: Failure = { source: 'target', code: 'too_many_redirects' };
const BAD_URL: Failure = { source: 'probe', code: 'tool_error', detail: 'host and path do not form a URL' };

/** A completed exchange is ok when its status is below 400; 4xx and 5xx are the target's failure. */
function failureOfFinalHop(hop: Hop, tooManyRedirects: boolean): Failure | null {
  if (hop.failure) return hop.failure;
  if (tooManyRedirects) return TOO_MANY_REDIRECTS;
  if (hop.statusCode !== null && hop.statusCode >= 400) return { source: 'target', code: 'http_status', detail: String(hop.statusCode) };
  return null;
}

/**
 * Timings are those of the final hop (the page measured), except totalMs, which spans the whole
 * check including redirects. Resolved addresses and the certificate belong to the task's own host.
 */
function outcomeOf(first: Hop, last: Hop, redirects: number, tooManyRedirects: boolean, totalMs: number, matchingIps: readonly string[]): WebOutcome {
  const resolvedIps = first.resolvedIps ?? [];
  return {
    failure: failureOfFinalHop(last, tooManyRedirects),
    resolvedIps,
    ipMatched: first.resolvedIps ? ipMatchOf(resolvedIps, matchingIps) : null,
    details: {
      ip: last.ip,
      statusCode: last.statusCode ?? '000',
      timings: { dnsMs: last.dnsMs, connectMs: last.connectMs, tlsMs: last.tlsMs, ttfbMs: last.ttfbMs, totalMs },
      bodyBytes: last.bodyBytes,
      redirects,
      finalUrl: last.url.href,
      certificate: firstCertificate(first, last),
      tlsAuthorized: first.tls?.authorized ?? null,
      tlsAuthorizationError: first.tls?.authorizationError ?? null,
    },
  };
}

function firstCertificate(...hops: Hop[]): CertificateSummary | null {
  return hops.find((hop) => hop.certificate)?.certificate ?? null;
}

async function follow(options: CheckOptionsOf<WebType>, ctx: CheckContext, watch: Stopwatch): Promise<WebOutcome> {
  const initial = initialUrlOf(options, options.type === MONITOR_TYPES.HTTPS);
  if (!initial) return { failure: BAD_URL, resolvedIps: [], ipMatched: null, details: null };
  let url: URL = initial;
  const budget = new Budget(options.timeoutMs, ctx.signal);
  const request = { method: options.method, maxBodyBytes: options.maxBodyBytes, allowPrivateTargets: ctx.allowPrivateTargets, budget };
  let first: Hop | undefined;
  for (let redirects = 0; ; redirects += 1) {
    const hop = await runHop({ ...request, url });
    first ??= hop;
    const next: URL | null = options.followRedirects && !hop.failure ? redirectTargetOf(hop.statusCode ?? '000', hop.location, url) : null;
    const tooMany = next !== null && redirects >= options.maxRedirects;
    if (!next || tooMany) return outcomeOf(first, hop, redirects, tooMany, watch.elapsedMs(), ctx.matchingIps);
    url = next;
  }
}

async function runWeb(options: CheckOptionsOf<WebType>, ctx: CheckContext): Promise<WebResult> {
  const watch = startStopwatch();
  const outcome = await follow(options, ctx, watch);
  return { type: options.type, ok: outcome.failure === null, startedAt: watch.startedAt, durationMs: watch.elapsedMs(), ...outcome };
}

/** Type 3: phase timings, status, body size and redirects of an HTTP page. */
export const httpCheck: CheckModule<typeof MONITOR_TYPES.HTTP> = {
  type: MONITOR_TYPES.HTTP,
  run: (options, ctx) => runWeb(options, ctx) as Promise<CheckResultOf<typeof MONITOR_TYPES.HTTP>>,
};

/** Type 4: the same over TLS, with the certificate's expiry. */
export const httpsCheck: CheckModule<typeof MONITOR_TYPES.HTTPS> = {
  type: MONITOR_TYPES.HTTPS,
  run: (options, ctx) => runWeb(options, ctx) as Promise<CheckResultOf<typeof MONITOR_TYPES.HTTPS>>,
};
