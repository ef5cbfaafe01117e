import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAgent, type AgentHandle } from '../../../src/agent/agent.js';
import { CHECKS, type CheckRegistry } from '../../../src/agent/checks/registry.js';
import { createLogger } from '../../../src/agent/log.js';
import type { AlertEvaluator } from '../../../src/server/modules/alert-eval/evaluator.js';
import { issueNodeKey } from '../../../src/server/modules/nodes/keys.js';
import { createTask } from '../../../src/server/modules/tasks/service.js';
import type { Task } from '../../../src/server/modules/tasks/task-model.js';
import type { TaskInput } from '../../../src/server/modules/tasks/task-input.js';
import { FAST_AGENT, waitFor } from '../../agent/helpers/agent-harness.js';
import { createTestServer, type TestServer } from '../helpers.js';

/**
 * The real server listening on loopback with alert rounds of one second (its alert minute shortened
 * as the agents' is: FAST_AGENT runs a one-minute task every second), keys for catalogue nodes, and
 * real agents started in-process, one per node. The server's clock stays where the test puts it, so
 * rounds close when every node reported, or at their deadline once the test moves the clock.
 */

export const ROUND_MS = 1_000;

export interface EvalHarness {
  server: TestServer;
  url: string;
  evaluator: AlertEvaluator;
  /** Node ids by catalogue slug, each with a key allowing private targets (no agent yet). */
  nodes: Map<string, { id: number; key: string }>;
  /** Starts a real agent for the node; `registry` lets a test give one node's checks their own target. */
  agent(slug: string, registry?: CheckRegistry): AgentHandle;
  task(input: Partial<TaskInput> & Pick<TaskInput, 'type' | 'domain' | 'nodeIds'>): Promise<Task>;
  rule(rule: RuleInput, taskIds: number[]): Promise<number>;
  logs(taskId: number): Promise<LogRow[]>;
  waitForLog(what: string, taskId: number, match: (rows: LogRow[]) => boolean, timeoutMs?: number): Promise<LogRow[]>;
  close(): Promise<void>;
}

export interface RuleInput {
  name: string;
  monitorType: number;
  mode: number;
  condition?: string;
  sensitivity?: number;
  threshold?: number | null;
  sslDays?: number[];
  cooldownMinutes?: number;
}

export interface LogRow {
  id: number;
  event: string;
  rule_id: number | null;
  incident_id: number | null;
  verdict: string | null;
  content: { key: string; params: Record<string, string | number> }[];
  nodes: { nodeId: number; name: string; isp: number; province: string | null; country: string }[];
  outbox: number;
}

/** Rules are written as the rules module stores them (its calls are another part of the work). */
async function insertRule(server: TestServer, rule: RuleInput, taskIds: number[]): Promise<number> {
  const now = server.clock.now();
  const row = await server.db
    .insertInto('alert_rules')
    .values({
      cust_id: server.custId,
      name: rule.name,
      monitor_type: rule.monitorType,
      mode: rule.mode,
      condition: rule.condition ?? 'gt',
      sensitivity: rule.sensitivity ?? 1,
      threshold: rule.threshold ?? null,
      ssl_days: JSON.stringify(rule.sslDays ?? []),
      cooldown_minutes: rule.cooldownMinutes ?? 0,
      enable: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('alert_rule_tasks')
    .values(taskIds.map((taskId) => ({ rule_id: row.id, task_id: taskId, cust_id: server.custId, added_at: now })))
    .execute();
  return row.id;
}

async function logsOf(server: TestServer, taskId: number): Promise<LogRow[]> {
  const rows = await server.db
    .selectFrom('alert_log as l')
    .select(['l.id', 'l.event', 'l.rule_id', 'l.incident_id', 'l.verdict', 'l.content', 'l.nodes'])
    .select((eb) => eb.selectFrom('alert_outbox as o').whereRef('o.log_id', '=', 'l.id').select(eb.fn.countAll<number>().as('n')).as('outbox'))
    .where('l.task_id', '=', taskId)
    .where('l.cust_id', '=', server.custId)
    .orderBy('l.id')
    .execute();
  return rows.map((row) => ({ ...row, content: JSON.parse(row.content) as LogRow['content'], nodes: JSON.parse(row.nodes) as LogRow['nodes'], outbox: Number(row.outbox) }));
}

export async function createEvalHarness(slugs: string[]): Promise<EvalHarness> {
  const server = await createTestServer({}, { alertMinuteMs: ROUND_MS });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  const nodes = new Map<string, { id: number; key: string }>();
  for (const slug of slugs) {
    const { id } = await server.db.selectFrom('nodes').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
    nodes.set(slug, { id, key: (await issueNodeKey(server.db, id, { now: server.clock.now(), allowPrivateTargets: true })).key });
  }
  // A chat, so each message is also queued for delivery.
  await server.db.insertInto('alert_chats').values({ cust_id: server.custId, chat_id: '1001', language: 'en', created_at: server.clock.now() }).execute();
  const agents: AgentHandle[] = [];
  const dirs: string[] = [];
  const evaluator = server.app.vigil.alertEval;
  if (!evaluator) throw new Error('the app has no alert evaluation');
  const harness: EvalHarness = {
    server,
    url,
    evaluator,
    nodes,
    agent(slug, registry = CHECKS) {
      const node = nodes.get(slug);
      if (!node) throw new Error(`no key for ${slug}`);
      const dataDir = mkdtempSync(join(tmpdir(), 'vigil-agent-'));
      dirs.push(dataDir);
      const config = { serverUrl: url, key: node.key, dataDir, allowPrivate: true, concurrency: 16, logLevel: 'error' as const };
      const handle = startAgent(config, { ...FAST_AGENT, registry, logger: createLogger('error', () => undefined) });
      agents.push(handle);
      return handle;
    },
    task: (input) => createTask(server.app.vigil, server.custId, { name: 'Shop', frequencyMinutes: 1, ...input }),
    async rule(rule, taskIds) {
      const id = await insertRule(server, rule, taskIds);
      await evaluator.refresh();
      return id;
    },
    logs: (taskId) => logsOf(server, taskId),
    async waitForLog(what, taskId, match, timeoutMs = 45_000) {
      let rows: LogRow[] = [];
      await waitFor(what, async () => match((rows = await logsOf(server, taskId))), timeoutMs);
      return rows;
    },
    async close() {
      await Promise.all(agents.map((handle) => handle.stop({ flush: false })));
      await server.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** A local HTTP target whose answers the test switches: failing (per node, named in `?node=`) and delay. */
export interface SwitchableTarget {
  port: number;
  failing: (node: string) => boolean;
  delayMs: number;
  close(): Promise<void>;
}

export async function startSwitchableTarget(): Promise<SwitchableTarget> {
  const target: SwitchableTarget = { port: 0, failing: () => false, delayMs: 0, close: async () => undefined };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const node = new URL(request.url ?? '/', 'http://target').searchParams.get('node') ?? '';
    const answer = () => {
      const status = target.failing(node) ? 503 : 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'down');
    };
    if (target.delayMs > 0) setTimeout(answer, target.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  target.port = (server.address() as AddressInfo).port;
  target.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return target;
}

/** The agent's own checks, with HTTP requests naming the node (`?node=`), so a target can answer each node its own way. */
export function namingRegistry(slug: string): CheckRegistry {
  const http = CHECKS[3];
  return { ...CHECKS, 3: { ...http, run: (options, ctx) => http.run({ ...options, path: `${options.path}?node=${slug}` }, ctx) } };
}
