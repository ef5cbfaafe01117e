import { MtrHistoryAnswer, MtrRunAnswer } from '../../../src/shared/calls/domain-mtr.js';
import { JobsAnswer } from '../../../src/shared/calls/agent-work.js';
import type { CheckResult } from '../../../src/shared/probe/results.js';
import type { TestServer } from '../helpers.js';
import { startAgent, type TestAgent } from '../agent-helpers.js';

export const HOP = { ttl: 1, host: '127.0.0.1', lossPercent: 0, sent: 3, lastMs: 0.05, avgMs: 0.06, bestMs: 0.04, worstMs: 0.09, stdevMs: 0.02 };

export function mtrResult(server: TestServer, fields: Partial<CheckResult> = {}): CheckResult {
  return {
    type: 'mtr',
    ok: true,
    startedAt: new Date(server.clock.now()).toISOString(),
    durationMs: 3_100,
    failure: null,
    resolvedIps: ['127.0.0.1'],
    ipMatched: null,
    details: { ip: '127.0.0.1', hops: [HOP] },
    ...fields,
  } as CheckResult;
}

/** Nodes of the catalogue for the states a run can give at once. */
export interface MtrNodes {
  /** A registered agent with mtr that may probe private targets. */
  ready: TestAgent;
  /** A registered agent whose node may not probe private targets. */
  privateRefusing: TestAgent;
  /** A registered agent that reported no mtr. */
  noTool: TestAgent;
  /** A node no agent ever registered for. */
  offline: number;
}

export async function mtrNodes(server: TestServer): Promise<MtrNodes> {
  const ready = await startAgent(server, 'jp-tokyo');
  const privateRefusing = await startAgent(server, 'sg-singapore');
  await server.db.updateTable('nodes').set({ allow_private_targets: 0 }).where('id', '=', privateRefusing.nodeId).execute();
  const slugs = await server.db.selectFrom('nodes').select('slug').where('slug', 'is not', null).where('slug', 'not in', ['jp-tokyo', 'sg-singapore', 'local']).orderBy('id').limit(2).execute();
  const noTool = await startAgent(server, slugs[0]?.slug ?? '');
  await noTool.call('/agent/register', { version: '1.0.0', capabilities: { ping: true, fping: true, traceroute: true, mtr: false }, hostname: 'no-mtr' });
  const offline = (await server.db.selectFrom('nodes').select('id').where('slug', '=', slugs[1]?.slug ?? '').executeTakeFirstOrThrow()).id;
  // The refusal of private targets is judged first: this node would refuse them too.
  await server.db.updateTable('nodes').set({ allow_private_targets: 1 }).where('id', '=', offline).execute();
  return { ready, privateRefusing, noTool, offline };
}

export async function startRun(server: TestServer, token: string, body: unknown) {
  return server.call('/domain/detect_mtr', { token, body });
}

export async function readRun(server: TestServer, token: string, id: number): Promise<MtrRunAnswer> {
  const response = await server.call('/domain/detect_mtr/run', { token, body: { id } });
  if (response.statusCode !== 200) throw new Error(`run ${id}: ${response.body}`);
  return MtrRunAnswer.parse(response.json().data);
}

export async function history(server: TestServer, token: string, body: unknown = {}): Promise<MtrHistoryAnswer> {
  const response = await server.call('/domain/detect_mtr/history', { token, body });
  if (response.statusCode !== 200) throw new Error(`history: ${response.body}`);
  return MtrHistoryAnswer.parse(response.json().data);
}

/** The agent's poll: the jobs queued for its node (waiting no time). */
export async function takeJobs(agent: TestAgent) {
  const answer = await agent.call('/agent/jobs', { waitMs: 0 });
  return JobsAnswer.parse(answer.json.data).jobs;
}
