import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { vi } from 'vitest';
import type { JobSignals } from '../../src/server/modules/agents/job-signals.js';
import { issueNodeKey } from '../../src/server/modules/nodes/keys.js';
import { createTask } from '../../src/server/modules/tasks/service.js';
import type { Task } from '../../src/server/modules/tasks/task-model.js';
import type { TaskInput } from '../../src/server/modules/tasks/task-input.js';
import type { ResultItem } from '../../src/shared/calls/agent-work.js';
import type { TestServer } from './helpers.js';
import { httpTaskInput } from './tasks-helpers.js';

export interface TestAgent {
  nodeId: number;
  key: string;
  /** The test server's clock, which the agent's self-checks are stamped with. */
  now: () => number;
  /** POSTs an agent call with this node's key; answers the parsed envelope and the HTTP status. */
  call: (path: string, body: unknown) => Promise<{ statusCode: number; json: AgentEnvelope; response: LightMyRequestResponse }>;
}

export interface AgentEnvelope {
  status: boolean;
  code: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the answer it expects
  data: any;
}

export async function nodeIdOf(server: TestServer, slug: string): Promise<number> {
  return (await server.db.selectFrom('nodes').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
}

/** An agent for a catalogue node: a fresh key, registered and with one good heartbeat (usable). */
export async function startAgent(server: TestServer, slug: string): Promise<TestAgent> {
  const nodeId = await nodeIdOf(server, slug);
  const { key } = await issueNodeKey(server.db, nodeId, { now: server.clock.now(), allowPrivateTargets: true });
  const call: TestAgent['call'] = async (path, body) => {
    const response = await server.call(path, { token: key, body });
    return { statusCode: response.statusCode, json: response.json<AgentEnvelope>(), response };
  };
  const capabilities = { ping: true, fping: true, traceroute: true, mtr: true };
  await call('/agent/register', { version: '1.0.0', capabilities, hostname: `probe-${slug}` });
  await heartbeat({ nodeId, key, now: server.clock.now, call }, true);
  return { nodeId, key, now: server.clock.now, call };
}

export async function heartbeat(agent: TestAgent, ok: boolean): Promise<number> {
  const selfCheck = { ok, checkedAt: new Date(agent.now()).toISOString(), loopbackRttMs: ok ? 0.05 : null, dnsOk: ok, toolErrors: [] };
  const answer = await agent.call('/agent/heartbeat', { selfCheck });
  return answer.json.data.assignmentsVersion as number;
}

/** A task of the seeded customer on the given nodes, through the service the console's calls use. */
export function createTaskOn(server: TestServer, nodeIds: number[], overrides: Partial<TaskInput> = {}): Promise<Task> {
  return createTask(server.app.vigil, server.custId, httpTaskInput({ nodeIds, ...overrides }));
}

/** A results batch; items are left loose so tests can send malformed ones. */
export function resultsBody(items: (ResultItem | { taskId: number; result: unknown })[], dropped = 0, batchId: string = randomUUID()) {
  return { batchId, dropped, results: items };
}

export async function countRows(server: Pick<TestServer, 'db'>, table: 'results' | 'rollup_minute' | 'rollup_hour' | 'latest_results'): Promise<number> {
  const row = await server.db.selectFrom(table).select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Resolves once a long poll of the node waits for a job. Call it before the poll starts: a test
 * handing a job to a waiting poll must not guess how long the poll takes to get there (a fixed
 * sleep that a busy machine outlasts hands the job to the poll's first look instead).
 */
export async function pollWaiting(signals: JobSignals, nodeId: number): Promise<void> {
  const wait = vi.spyOn(signals, 'wait');
  try {
    await vi.waitUntil(() => wait.mock.calls.some(([waitingFor]) => waitingFor === nodeId), { timeout: 20_000, interval: 5 });
  } finally {
    wait.mockRestore();
  }
}
