import { ingestBatch } from '../../../src/server/results/index.js';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import type { CheckResult, CertificateSummary } from '../../../src/shared/probe/results.js';
import type { DomainFixture } from './domain-helpers.js';

export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

/** Minimal valid create bodies of the traceroute and SSL calls. */
export function traceBody(nodeIds: number[], overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'Route to shop', domain: 'shop.example.com', frequencyMinutes: 10, nodeIds, ...overrides };
}

export function sslBody(nodeIds: number[], overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'Shop certificate', domain: 'shop.example.com', frequencyMinutes: 60, nodeIds, ...overrides };
}

/** A traceroute run with `hopCount` hops (reached when asked). */
export function traceRun(startedAt: number, hopCount: number, reached = true): CheckResult {
  const hops = Array.from({ length: hopCount }, (_, index) => ({ ttl: index + 1, address: `192.0.2.${index + 1}`, rttMs: [0.5, 0.6, null], lossPercent: 33.3 }));
  return {
    type: MONITOR_TYPES.TRACEROUTE,
    ok: reached,
    startedAt: new Date(startedAt).toISOString(),
    durationMs: 900,
    failure: reached ? null : { source: 'target', code: 'unreachable' },
    resolvedIps: ['198.51.100.7'],
    ipMatched: null,
    details: { ip: '198.51.100.7', reached, hops },
  };
}

/** A certificate that expires `daysLeft` days (plus an hour, so whole-day counts stay stable) after `now`. */
export function certificateOf(now: number, daysLeft: number, commonName = 'shop.example.com'): CertificateSummary {
  return {
    subject: `CN=${commonName}, O=Shop`,
    issuer: 'CN=Test CA, O=Test',
    validFrom: new Date(now - 300 * DAY_MS).toISOString(),
    validTo: new Date(now + daysLeft * DAY_MS + 3_600_000).toISOString(),
    daysLeft,
    fingerprint256: 'AA:BB',
  };
}

/** An SSL check that saw the certificate (ok unless expired), or none when `certificate` is null. */
export function sslRun(startedAt: number, certificate: CertificateSummary | null): CheckResult {
  const expired = certificate !== null && certificate.daysLeft < 0;
  return {
    type: MONITOR_TYPES.SSL,
    ok: certificate !== null && !expired,
    startedAt: new Date(startedAt).toISOString(),
    durationMs: 40,
    failure: certificate === null ? { source: 'target', code: 'refused' } : expired ? { source: 'target', code: 'certificate_expired' } : null,
    resolvedIps: ['198.51.100.9'],
    ipMatched: null,
    details:
      certificate === null
        ? null
        : { ip: '198.51.100.9', authorized: true, authorizationError: null, sslStatus: null, certificate, chain: [certificate] },
  };
}

let batch = 0;

/** Stores one result of a node for a task, as the agent route would. */
export async function ingestOne(fx: DomainFixture, nodeId: number, taskId: number, result: CheckResult): Promise<void> {
  batch += 1;
  const answer = await ingestBatch(fx.server.app.vigil, nodeId, `trace-ssl-${batch}`, [{ taskId, result }]);
  if (answer.accepted !== 1) throw new Error(`result not accepted: ${JSON.stringify(answer)}`);
}
