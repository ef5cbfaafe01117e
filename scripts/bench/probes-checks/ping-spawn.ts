// The naive ICMP baseline: one `ping -c 1` process per check, CONCURRENCY at a time. Its cost per
// check is this process's CPU (spawning and reading) plus the ping children's (cutime + cstime
// once reaped), both from this process's own accounting.
import { spawn } from 'node:child_process';
import { CONCURRENCY } from './plan.js';
import { processCpu, serveParent } from './proc.js';

export interface PingSpawnCost {
  microsPerCheck: number;
  failed: number;
}

function pingOnce(): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('ping', ['-c', '1', '-n', '-W', '1', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.resume();
    child.once('error', () => resolve(false));
    child.once('close', (code) => resolve(code === 0 && / 0% packet loss/.test(output)));
  });
}

async function pingMany(count: number): Promise<number> {
  let started = 0;
  let failed = 0;
  const worker = async (): Promise<void> => {
    for (; started < count; ) {
      started += 1;
      if (!(await pingOnce())) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return failed;
}

const totalMicros = (): number => {
  const usage = process.cpuUsage();
  return usage.user + usage.system + processCpu('self').childrenMicros;
};

serveParent(null, {
  measure: async (payload): Promise<PingSpawnCost> => {
    const count = Number(payload);
    await pingMany(Math.min(50, count));
    const before = totalMicros();
    const failed = await pingMany(count);
    return { microsPerCheck: (totalMicros() - before) / count, failed };
  },
});
