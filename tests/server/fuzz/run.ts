import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { CallDefinition } from '../../../src/shared/calls/define.js';
import { sampleBody } from '../bad-input-cases.js';
import { nextIp, type TestServer } from '../helpers.js';
import { verdictOf, type Verdict } from './answer-check.js';
import { callerHeaders, callerKinds, renewCallers, type CallerKind, type Callers } from './callers.js';
import { changedTables, fingerprint } from './fingerprint.js';
import { invalidBodies } from './payloads.js';
import { rawBodies, type RawCase } from './raw-bodies.js';

/**
 * The fuzz run: for each call of the call table, cases generated from a seed (a one-place-invalid
 * JSON body or a raw body, a caller of the right kind, path parameters good or odd), sent in
 * batches; every answer checked (answer-check.ts) and, per batch, every table's checksum compared
 * before and after. When a batch had an accepted request, its refused ones are sent again one at
 * a time, each between two checksums, so an accepted change never hides a refused one.
 */

export interface FuzzCase {
  label: string;
  caller: CallerKind;
  /** Path parameters as they go into the URL (already encoded, or deliberately not). */
  segments: Record<string, string>;
  json?: unknown;
  raw?: RawCase;
}

export type FindingKind = 'server_error' | 'not_catalogue' | 'refused_change';

export interface Finding {
  kind: FindingKind;
  callId: string;
  /** The seed of this call's cases (the run's seed, mixed with the call's id). */
  seed: number;
  problem: string;
  request: string;
  answer: string;
}

export interface FuzzStats {
  cases: number;
  accepted: number;
  serverErrors: number;
  refusalsWithoutCatalogueCode: number;
  refusedChanges: number;
  /** The first findings in full (the counts hold them all). */
  findings: Finding[];
}

export interface FuzzRun {
  server: TestServer;
  callers: Callers;
  /** The server's general body limit (a call's own limit wins). */
  bodyLimit: number;
  stats: FuzzStats;
}

const FINDINGS_KEPT = 40;
const EXCERPT = 400;

export const emptyStats = (): FuzzStats => ({ cases: 0, accepted: 0, serverErrors: 0, refusalsWithoutCatalogueCode: 0, refusedChanges: 0, findings: [] });

const ODD_SEGMENTS = ['%ZZ', '%E0%A4%A', '%00', '-1', '0', '1.5', '0x10', '1e3', '9'.repeat(120), '9007199254740993', '%2F', '..', '%20', encodeURIComponent('١٢٣'), encodeURIComponent('😀')];

function segmentsOf(call: CallDefinition): fc.Arbitrary<Record<string, string>> {
  const names = [...call.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
  const base = sampleBody(call) as Record<string, unknown> | undefined;
  const one = (name: string) =>
    fc.oneof(fc.constant(encodeURIComponent(String(base?.[name] ?? 1))), fc.constantFrom(...ODD_SEGMENTS), fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent));
  return fc.record(Object.fromEntries(names.map((name) => [name, one(name)])));
}

export function caseArbitrary(call: CallDefinition, bodyLimit: number): fc.Arbitrary<FuzzCase> {
  const sampleJson = JSON.stringify(sampleBody(call)) ?? '{}';
  const payload = fc.oneof(
    { arbitrary: invalidBodies(call).map(({ label, body }) => ({ label, json: body })), weight: 4 },
    { arbitrary: rawBodies(sampleJson, call.bodyLimitBytes ?? bodyLimit).map((raw) => ({ label: raw.label, raw })), weight: 1 },
  );
  return fc.record({ payload, caller: fc.constantFrom(...callerKinds(call)), segments: segmentsOf(call) }).map(({ payload: body, caller, segments }) => ({ ...body, caller, segments }));
}

function urlOf(call: CallDefinition, fuzzCase: FuzzCase): string {
  return `/api${call.path.replace(/\{(\w+)\}/g, (_, name: string) => fuzzCase.segments[name] ?? '1')}`;
}

function bodyOf(fuzzCase: FuzzCase): { payload?: string | Buffer; contentType?: string } {
  if (fuzzCase.raw) return { payload: fuzzCase.raw.payload, ...(fuzzCase.raw.contentType === undefined ? {} : { contentType: fuzzCase.raw.contentType }) };
  const text = JSON.stringify(fuzzCase.json);
  return text === undefined ? {} : { payload: text, contentType: 'application/json' };
}

async function send(run: FuzzRun, call: CallDefinition, fuzzCase: FuzzCase): Promise<LightMyRequestResponse> {
  // A key may make a call a second (after a burst of 60): the server's clock moves on for each.
  if (fuzzCase.caller === 'apiKey') run.server.clock.advanceSeconds(1);
  const { payload, contentType } = bodyOf(fuzzCase);
  const headers = { ...callerHeaders(fuzzCase.caller, run.callers), ...(contentType === undefined ? {} : { 'content-type': contentType }) };
  return run.server.app.inject({ method: call.method, url: urlOf(call, fuzzCase), headers, remoteAddress: nextIp(), ...(payload === undefined ? {} : { payload }) });
}

function describeRequest(call: CallDefinition, fuzzCase: FuzzCase): string {
  const { payload, contentType } = bodyOf(fuzzCase);
  const text = payload === undefined ? '(no body)' : JSON.stringify(String(payload).slice(0, EXCERPT));
  return `${fuzzCase.label} | ${call.method} ${urlOf(call, fuzzCase).slice(0, 200)} as ${fuzzCase.caller}, ${contentType ?? 'no content type'}: ${text}`;
}

interface Target {
  callId: string;
  call: CallDefinition;
  seed: number;
}

function record(run: FuzzRun, target: Target, fuzzCase: FuzzCase, kind: FindingKind, problem: string, answer: string): void {
  const { stats } = run;
  if (kind === 'server_error') stats.serverErrors += 1;
  if (kind === 'not_catalogue') stats.refusalsWithoutCatalogueCode += 1;
  if (kind === 'refused_change') stats.refusedChanges += 1;
  if (stats.findings.length >= FINDINGS_KEPT) return;
  stats.findings.push({ kind, callId: target.callId, seed: target.seed, problem, request: describeRequest(target.call, fuzzCase), answer: answer.slice(0, EXCERPT) });
}

/** Each refused case again, alone between two checksums. */
async function replayRefused(run: FuzzRun, target: Target, refused: readonly FuzzCase[]): Promise<void> {
  for (const fuzzCase of refused) {
    const before = await fingerprint(run.server.db);
    const response = await send(run, target.call, fuzzCase);
    const changed = changedTables(before, await fingerprint(run.server.db));
    if (verdictOf(response).kind === 'refused' && changed.length > 0) record(run, target, fuzzCase, 'refused_change', `refused, yet changed ${changed.join(', ')}`, response.body);
  }
}

async function runBatch(run: FuzzRun, target: Target, cases: readonly FuzzCase[]): Promise<void> {
  const before = await fingerprint(run.server.db);
  const refused: FuzzCase[] = [];
  for (const fuzzCase of cases) {
    const response = await send(run, target.call, fuzzCase);
    const verdict: Verdict = verdictOf(response);
    run.stats.cases += 1;
    if (verdict.kind === 'accepted') run.stats.accepted += 1;
    else if (verdict.kind === 'refused') refused.push(fuzzCase);
    else record(run, target, fuzzCase, verdict.kind, verdict.problem, response.body);
  }
  const changed = changedTables(before, await fingerprint(run.server.db));
  if (changed.length === 0 || refused.length === 0) return;
  const found = run.stats.refusedChanges;
  await replayRefused(run, target, refused);
  const [first] = refused;
  if (refused.length === cases.length && run.stats.refusedChanges === found && first) {
    record(run, target, first, 'refused_change', `a batch of ${cases.length} refused requests changed ${changed.join(', ')} (none did alone)`, '');
  }
}

/** A 32-bit seed per call: the run's seed mixed with the call's id, so one call's cases do not depend on the others. */
export function callSeed(seed: number, callId: string): number {
  let hash = seed | 0;
  for (const char of callId) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return hash | 0;
}

export interface FuzzOptions {
  seed: number;
  casesPerCall: number;
  batchSize: number;
}

/**
 * Platform calls that change data come last: an accepted one may suspend the customer or change
 * a node's key, which would leave the other calls' callers refused (renewed only where possible).
 */
export function fuzzOrder(calls: readonly [string, CallDefinition][]): [string, CallDefinition][] {
  const last = (call: CallDefinition) => (call.access === 'platform' && call.mutation ? 1 : 0);
  return [...calls].sort((a, b) => last(a[1]) - last(b[1]));
}

export async function fuzzCall(run: FuzzRun, callId: string, call: CallDefinition, options: FuzzOptions): Promise<void> {
  const target: Target = { callId, call, seed: callSeed(options.seed, callId) };
  const cases = fc.sample(caseArbitrary(call, run.bodyLimit), { seed: target.seed, numRuns: options.casesPerCall });
  for (let start = 0; start < cases.length; start += options.batchSize) await runBatch(run, target, cases.slice(start, start + options.batchSize));
  await renewCallers(run.server, run.callers);
}

export function describeFinding(finding: Finding): string {
  return `${finding.kind} in ${finding.callId} (call seed ${finding.seed}): ${finding.problem}\n  request: ${finding.request}\n  answer: ${finding.answer}`;
}
