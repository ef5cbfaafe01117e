import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import { createHarness, type Harness, waitFor } from './agent-harness.js';
import { type AgentProcess, resultsProduced, startAgentProcess, stopAgentProcess } from './agent-process.js';
import { createTestNamespace, relayTo, type TestNamespace } from './netns.js';
import { startTcpListener, type TcpListener } from './servers.js';
import { tallyNode, type NodeTally } from './node-tally.js';

/**
 * An agent process cut off from its server for a while: it runs in a network namespace of its own
 * whose only link is taken down for `cutMs`, keeps checking and spooling, and delivers its spool
 * when the link is back. Shared by the test (a short cut) and the bench (`faults.agent_cutoff`, 10
 * minutes). The outcome counts what the agent produced (its own log) against what was stored.
 */

export interface CutoffOptions {
  cutMs: number;
  tasks: number;
  /** Progress lines (the bench's stderr). */
  note?: (message: string) => void;
}

export type CutoffOutcome = Pick<NodeTally, 'produced' | 'stored' | 'duplicates' | 'lost' | 'dropped'> & {
  /** Results the agent spooled while it was cut off. */
  producedWhileCut: number;
  agentSurvived: boolean;
};

interface Setup {
  ns: TestNamespace;
  harness: Harness;
  target: TcpListener;
  relay: Server;
  dataDir: string;
  agent?: AgentProcess;
}

async function tally(setup: Setup, producedWhileCut: number, agentSurvived: boolean): Promise<CutoffOutcome> {
  const { harness, dataDir } = setup;
  const counted = await tallyNode(harness.server.db, harness.nodeId, dataDir, setup.agent ? [setup.agent] : []);
  const { produced, stored, duplicates, lost, dropped } = counted;
  return { produced, producedWhileCut, stored, duplicates, lost, dropped, agentSurvived };
}

async function cutAndRestore(setup: Setup, options: CutoffOptions): Promise<CutoffOutcome> {
  const { ns, harness } = setup;
  const note = options.note ?? (() => undefined);
  const storedCount = async () =>
    Number((await harness.server.db.selectFrom('results').select((eb) => eb.fn.countAll<number>().as('n')).where('node_id', '=', harness.nodeId).executeTakeFirstOrThrow()).n);
  ns.restoreRoute();
  const serverUrl = `http://${ns.hostIp}:${(setup.relay.address() as AddressInfo).port}`;
  const agent = startAgentProcess({ serverUrl, key: harness.key, dataDir: setup.dataDir, wrap: (command) => ['ip', ...ns.execArgs(command)] });
  setup.agent = agent;
  await waitFor('first results stored', async () => (await storedCount()) >= Math.min(5, options.tasks), 120_000);

  const producedAtCut = resultsProduced([agent]);
  note(`cutting the agent off for ${Math.round(options.cutMs / 1000)} s`);
  ns.cutRoute();
  await new Promise((resolve) => setTimeout(resolve, options.cutMs));
  const producedWhileCut = resultsProduced([agent]) - producedAtCut;
  const agentSurvived = agent.alive();
  ns.restoreRoute();
  note(`link back; ${producedWhileCut} results produced while cut off, delivering`);
  const producedAtRestore = resultsProduced([agent]);
  await waitFor('the spool delivered after the cut', async () => (await storedCount()) >= producedAtRestore, 300_000);
  await stopAgentProcess(agent);
  return tally(setup, producedWhileCut, agentSurvived);
}

/**
 * The harness's server clock stands still; results the agent time-stamps much later than it would
 * be refused as from the future. Over a long cut it follows the real time.
 */
function followRealTime(harness: Harness): NodeJS.Timeout {
  return setInterval(() => {
    const behind = Math.floor((Date.now() - harness.server.clock.now()) / 1000);
    if (behind > 0) harness.server.clock.advanceSeconds(behind);
  }, 1_000);
}

export async function runAgentCutoff(options: CutoffOptions): Promise<CutoffOutcome> {
  const ns = createTestNamespace();
  const setup: Partial<Setup> = { ns };
  let clock: NodeJS.Timeout | undefined;
  try {
    setup.harness = await createHarness();
    clock = followRealTime(setup.harness);
    setup.target = await startTcpListener(ns.hostIp);
    setup.relay = await relayTo(Number(new URL(setup.harness.url).port), ns.hostIp);
    setup.dataDir = mkdtempSync(join(tmpdir(), 'vigil-agent-cutoff-'));
    for (let serial = 1; serial <= options.tasks; serial += 1) {
      await setup.harness.task({ type: MONITOR_TYPES.TCP, domain: ns.hostIp, port: setup.target.port, name: `tcp ${serial}` });
    }
    return await cutAndRestore(setup as Setup, options);
  } finally {
    clearInterval(clock);
    if (setup.agent?.alive()) setup.agent.child.kill('SIGKILL');
    await setup.agent?.exited;
    ns.remove();
    setup.relay?.close();
    await setup.target?.close();
    await setup.harness?.close();
    if (setup.dataDir) rmSync(setup.dataDir, { recursive: true, force: true });
  }
}
