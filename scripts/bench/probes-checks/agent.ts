// The real probe agent for the probe figures, in its own process so its CPU is its own: it
// registers with the bench server, pulls its assignments, schedules and runs the checks, spools
// and delivers the results. The parent samples its CPU (its own, and its tool children's) and
// how many results the server confirmed. agent-cpu.ts runs it bundled (scripts/build-agent.mjs) by
// plain node, as the agent is deployed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAgent, type AgentStatus } from '../../../src/agent/agent.js';
import { CONCURRENCY } from './plan.js';
import { processCpu, serveParent } from './proc.js';

export interface AgentSample {
  /** This process's user + system CPU, µs. */
  selfMicros: number;
  /** Of which in the kernel (sockets, loopback packets), µs. */
  systemMicros: number;
  /** CPU of the tool processes it ran and reaped (fping), µs. */
  childrenMicros: number;
  status: AgentStatus;
}

const [serverUrl = '', key = '', minuteMs = '60000'] = process.argv.slice(2);
const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-agent-'));
const agent = startAgent(
  { serverUrl, key, dataDir, allowPrivate: true, concurrency: CONCURRENCY, logLevel: 'error' },
  { minuteMs: Number(minuteMs) },
);

serveParent(
  null,
  {
    sample: (): AgentSample => {
      const usage = process.cpuUsage();
      return { selfMicros: usage.user + usage.system, systemMicros: usage.system, childrenMicros: processCpu('self').childrenMicros, status: agent.status() };
    },
  },
  async () => {
    await agent.stop({ flush: false });
    rmSync(dataDir, { recursive: true, force: true });
  },
);
