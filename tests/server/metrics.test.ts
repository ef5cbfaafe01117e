import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readerOf } from '../../src/server/db/reader.js';
import { CALLS } from '../../src/shared/calls/index.js';
import { createTaskOn, resultsBody, startAgent, type TestAgent } from './agent-helpers.js';
import { startMtrRun } from '../../src/server/modules/mtr/start.js';
import { createTestServer, START_TIME, type TestServer } from './helpers.js';
import { METRICS_TOKEN, parseExposition, scrape, scrapeSamples, valueOf } from './metrics-support.js';
import { httpResult } from './tasks-helpers.js';
import { testEngine } from './test-database.js';

const MINUTE = 60_000;
const T0 = Math.floor(START_TIME / MINUTE) * MINUTE - 5 * MINUTE;

let server: TestServer;
let tokyo: TestAgent;
let seoul: TestAgent;
beforeEach(async () => {
  server = await createTestServer({ VIGIL_METRICS_TOKEN: METRICS_TOKEN });
  tokyo = await startAgent(server, 'jp-tokyo');
  seoul = await startAgent(server, 'kr-seoul');
});
afterEach(() => server.close());

describe('GET /metrics', () => {
  it('counts the batches and results ingested, and how large the batches were', async () => {
    const task = await createTaskOn(server, [tokyo.nodeId, seoul.nodeId]);
    const batch = resultsBody([0, 1, 2].map((minute) => ({ taskId: task.id, taskVersion: 1, result: httpResult(T0 + minute * MINUTE, 200, 10) })));
    await tokyo.call('/agent/results', batch);
    await tokyo.call('/agent/results', batch);
    await seoul.call('/agent/results', resultsBody([{ taskId: task.id, taskVersion: 1, result: httpResult(T0, 200, 12) }]));

    const samples = await scrapeSamples(server);
    expect(valueOf(samples, 'vigil_ingest_results_total')).toBe(4);
    expect(valueOf(samples, 'vigil_ingest_batches_total', { duplicate: 'false' })).toBe(2);
    expect(valueOf(samples, 'vigil_ingest_batches_total', { duplicate: 'true' })).toBe(1);
    expect(valueOf(samples, 'vigil_ingest_batch_results_count')).toBe(3);
    expect(valueOf(samples, 'vigil_ingest_batch_results_sum')).toBe(7);
    expect(valueOf(samples, 'vigil_ingest_batch_results_bucket', { le: '1' })).toBe(1);
  });

  it('shows the agents online, the deployments waiting for them and the on-demand jobs queued', async () => {
    const task = await createTaskOn(server, [tokyo.nodeId, seoul.nodeId]);
    await startMtrRun(server.app.vigil, server.custId, { target: '127.0.0.1', nodeIds: [tokyo.nodeId], count: 5 });

    let samples = await scrapeSamples(server);
    expect(valueOf(samples, 'vigil_agents_online')).toBe(2);
    expect(valueOf(samples, 'vigil_deploy_backlog')).toBe(2);
    expect(valueOf(samples, 'vigil_on_demand_jobs', { state: 'queued' })).toBe(1);
    expect(valueOf(samples, 'vigil_on_demand_jobs', { state: 'taken' })).toBe(0);
    expect(valueOf(samples, 'vigil_alert_outbox_pending')).toBe(0);
    expect(valueOf(samples, 'vigil_import_jobs_processing')).toBe(0);

    await tokyo.call('/agent/ack', { acks: [{ taskId: task.id, taskVersion: 1 }] });
    await tokyo.call('/agent/jobs', { waitMs: 0 });
    samples = await scrapeSamples(server);
    expect(valueOf(samples, 'vigil_deploy_backlog')).toBe(1);
    expect(valueOf(samples, 'vigil_on_demand_jobs', { state: 'queued' })).toBe(0);
    expect(valueOf(samples, 'vigil_on_demand_jobs', { state: 'taken' })).toBe(1);

    server.clock.advanceSeconds(5 * 30 + 1);
    expect(valueOf(await scrapeSamples(server), 'vigil_agents_online')).toBe(0);
  });

  it('times every call under its name in the call table, never its URL, and counts refusals', async () => {
    await tokyo.call('/agent/assignments', { sinceVersion: 0 });
    await server.call('/domain/list', { body: { type: 1 } });
    await server.call('/alert/rule/info/987654', { method: 'GET' });
    await server.call('/alert/rule/info/123', { method: 'GET' });

    const samples = await scrapeSamples(server);
    const count = (call: string) => valueOf(samples, 'vigil_api_call_duration_seconds_count', { call });
    // startAgent registered both agents and sent a heartbeat each.
    expect([count('agentRegister'), count('agentHeartbeat'), count('agentAssignments')]).toEqual([2, 2, 1]);
    expect(count('domainList')).toBe(1);
    expect(count('alertRuleInfo')).toBe(2);
    expect(valueOf(samples, 'vigil_api_call_refusals_total', { call: 'domainList', class: '4xx' })).toBe(1);
    expect(valueOf(samples, 'vigil_api_call_refusals_total', { call: 'alertRuleInfo', class: '4xx' })).toBe(2);
    expect(valueOf(samples, 'vigil_api_call_refusals_total', { call: 'agentAssignments' })).toBeUndefined();
    const callLabels = new Set(samples.filter((sample) => sample.name.startsWith('vigil_api_call')).map((sample) => sample.labels.call));
    expect([...callLabels].filter((call) => call === undefined || !(call in CALLS))).toEqual([]);
  });

  it("shows the database's connections as the engine has them", async () => {
    const samples = await scrapeSamples(server);
    const pool = (state: string) => valueOf(samples, 'vigil_db_connections', { engine: testEngine, state });
    expect(pool('max')).toBe(testEngine === 'sqlite' ? 1 : 10);
    expect(pool('open')).toBeGreaterThanOrEqual(1);
    expect(pool('waiting')).toBe(0);
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it("shows SQLite's reader threads and the time they ran statements (none on PostgreSQL)", async () => {
    // The sums of many tasks are read there; an account without tasks reads none, so read directly.
    await sql`select count(*) from results`.execute(readerOf(server.db));
    const samples = await scrapeSamples(server);
    const queue = (state: string) => valueOf(samples, 'vigil_sqlite_reader_queue', { state });
    if (testEngine === 'postgres') {
      expect(queue('threads')).toBeUndefined();
      return;
    }
    expect([queue('threads'), queue('in_flight'), queue('waiting')]).toEqual([1, 0, 0]);
    expect(valueOf(samples, 'vigil_sqlite_reader_busy_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(samples, 'vigil_sqlite_reader_restarts_total')).toBe(0);
    // A store this small has no checkpoint thread yet (tests/server/sqlite-checkpoints.test.ts starts one).
    expect(valueOf(samples, 'vigil_sqlite_checkpoint_threads')).toBe(0);
  });

  it('refuses a scrape without the token, or with another, and shows no figure', async () => {
    for (const token of [null, 'scraper-token-0123456788', '']) {
      const response = await scrape(server, token);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.json()).toMatchObject({ status: false, code: 401 });
      expect(response.body).not.toContain('vigil_');
    }
  });
});

describe('GET /metrics without VIGIL_METRICS_TOKEN', () => {
  it('does not exist', async () => {
    const plain = await createTestServer();
    try {
      for (const token of [null, METRICS_TOKEN]) {
        const response = await scrape(plain, token);
        expect(response.statusCode).toBe(404);
        expect(parseExposition(response.body).filter((sample) => sample.name.startsWith('vigil_'))).toEqual([]);
      }
    } finally {
      await plain.close();
    }
  });
});
