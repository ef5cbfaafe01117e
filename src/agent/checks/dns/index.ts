import { domainToASCII } from 'node:url';
import { MONITOR_TYPES } from '../../../shared/codes.js';
import type { CheckOptionsOf } from '../../../shared/probe/options.js';
import type { CheckResultOf, Failure } from '../../../shared/probe/results.js';
import { startStopwatch } from '../clock.js';
import { ipMatchOf } from '../../../shared/ip.js';
import { resolveTarget } from '../target.js';
import type { CheckContext, CheckModule } from '../types.js';
import { parseServerAddress, type ServerAddress } from './addresses.js';
import { queryServers } from './client.js';
import { RECORD_TYPE_CODES, rcodeName } from './message.js';
import { addressesOf, answerTexts, failureOfAnswer, failureOfAttempts, recordsAnswering } from './outcome.js';
import { labelsOf } from './wire.js';

type DnsCheckOptions = CheckOptionsOf<typeof MONITOR_TYPES.DNS>;
type DnsResult = CheckResultOf<typeof MONITOR_TYPES.DNS>;
type DnsDetails = NonNullable<DnsResult['details']>;
type Outcome = Pick<DnsResult, 'ok' | 'failure' | 'resolvedIps' | 'ipMatched' | 'details'>;

const ADDRESS_TYPES: ReadonlySet<DnsCheckOptions['recordType']> = new Set(['A', 'AAAA']);

type Prepared = { ok: true; name: string; servers: ServerAddress[] } | { ok: false; outcome: Outcome };

function refusal(options: DnsCheckOptions, server: string, failure: Failure): Prepared {
  const details: DnsDetails = { server, recordType: options.recordType, rcode: null, answers: [], resolutionMs: null };
  return { ok: false, outcome: { ok: false, failure, resolvedIps: [], ipMatched: null, details } };
}

/** The ASCII (punycode) name to ask for, or null when it cannot be a DNS name. */
function queryNameOf(host: string): string | null {
  const name = domainToASCII(host.trim());
  if (name === '') return null;
  try {
    labelsOf(name);
    return name;
  } catch {
    return null;
  }
}

/**
 * The servers are where this check sends its packets, so the private-range rule applies to them:
 * a customer must not aim the node's queries at the node's own network.
 */
async function prepare(options: DnsCheckOptions, ctx: CheckContext): Promise<Prepared> {
  const name = queryNameOf(options.host);
  const firstServer = options.servers[0] ?? '';
  if (name === null) return refusal(options, firstServer, { source: 'probe', code: 'dns_error', detail: 'invalid name' });
  const servers: ServerAddress[] = [];
  for (const text of options.servers) {
    const server = parseServerAddress(text);
    if (!server) return refusal(options, text, { source: 'probe', code: 'dns_error', detail: `invalid server ${text}`.slice(0, 500) });
    const allowed = await resolveTarget(server.host, ctx.allowPrivateTargets);
    if (!allowed.ok) return refusal(options, server.label, allowed.failure);
    servers.push(server);
  }
  return { ok: true, name, servers };
}

async function ask(options: DnsCheckOptions, ctx: CheckContext, name: string, servers: ServerAddress[]): Promise<Outcome> {
  const attempts = await queryServers(servers, { name, type: RECORD_TYPE_CODES[options.recordType] }, options.timeoutMs, ctx.signal);
  const last = attempts.at(-1);
  const server = last?.server.label ?? '';
  if (last?.outcome.kind !== 'answer') {
    const details: DnsDetails = { server, recordType: options.recordType, rcode: null, answers: [], resolutionMs: null };
    return { ok: false, failure: failureOfAttempts(attempts), resolvedIps: [], ipMatched: null, details };
  }
  const { message } = last.outcome;
  const answering = recordsAnswering(message, name, options.recordType);
  const resolvedIps = addressesOf(answering);
  const failure = failureOfAnswer(message, answering);
  const details: DnsDetails = {
    server,
    recordType: options.recordType,
    rcode: rcodeName(message.flags.rcode),
    answers: answerTexts(message),
    resolutionMs: last.elapsedMs,
  };
  // MX, TXT, NS and CNAME answers carry no addresses: there is nothing to match.
  const ipMatched = ADDRESS_TYPES.has(options.recordType) ? ipMatchOf(resolvedIps, ctx.matchingIps) : null;
  return { ok: failure === null, failure, resolvedIps, ipMatched, details };
}

/**
 * DNS (type 5): asks the task's own servers (not the node's resolver) with this module's wire
 * client, trying them in order. `timeoutMs` bounds each server's attempt; `resolutionMs` is the
 * answering server's time, `durationMs` the whole check's.
 */
export async function runDnsCheck(options: DnsCheckOptions, ctx: CheckContext): Promise<DnsResult> {
  const watch = startStopwatch();
  const prepared = await prepare(options, ctx);
  const outcome = prepared.ok ? await ask(options, ctx, prepared.name, prepared.servers) : prepared.outcome;
  return { type: MONITOR_TYPES.DNS, startedAt: watch.startedAt, durationMs: watch.elapsedMs(), ...outcome };
}

export const dnsCheck: CheckModule<typeof MONITOR_TYPES.DNS> = {
  type: MONITOR_TYPES.DNS,
  run: runDnsCheck,
};
