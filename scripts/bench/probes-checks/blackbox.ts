// prometheus-blackbox-exporter probing the same loopback targets, for the side-by-side figures:
// its CPU per probe is utime+stime of its process (all threads, from /proc) across N /probe calls
// sent at the agent's check rate with at most 20 in flight, so it includes serving the call. Installed with apt-get when missing and
// running as root; otherwise its figures are reported unavailable, never guessed.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { progress } from '../report.js';
import { CONCURRENCY, DNS_NAME, type TargetPorts } from './plan.js';
import { freeLoopbackPort, processCpu } from './proc.js';

export const BLACKBOX_BINARY = '/usr/bin/prometheus-blackbox-exporter';
export const BLACKBOX_INSTALL_HINT = 'apt-get install prometheus-blackbox-exporter (as root)';

export type BlackboxModule = 'tcp_connect' | 'http_2xx' | 'https_2xx' | 'dns_a';

const CONFIG = `modules:
  tcp_connect:
    prober: tcp
    timeout: 5s
  http_2xx:
    prober: http
    timeout: 5s
    http:
      preferred_ip_protocol: ip4
  https_2xx:
    prober: http
    timeout: 5s
    http:
      preferred_ip_protocol: ip4
      tls_config:
        insecure_skip_verify: true
  dns_a:
    prober: dns
    timeout: 5s
    dns:
      query_name: ${DNS_NAME}
      query_type: A
      transport_protocol: udp
      preferred_ip_protocol: ip4
`;

/** The probe target of each module on the loopback targets. */
export function blackboxTargets(ports: TargetPorts): Record<BlackboxModule, string> {
  return {
    tcp_connect: `127.0.0.1:${ports.tcp}`,
    http_2xx: `http://127.0.0.1:${ports.http}/ok`,
    https_2xx: `https://127.0.0.1:${ports.https}/ok`,
    dns_a: `127.0.0.1:${ports.dns}`,
  };
}

function tryInstall(): void {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = (): void => void execFileSync('apt-get', ['install', '-y', '-q', 'prometheus-blackbox-exporter'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    install();
  } catch {
    // Stale package lists are the usual reason; refresh them once.
    execFileSync('apt-get', ['update', '-q'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    install();
  }
}

/** Whether blackbox is (or could be made) present; the reason when it is not. */
export function ensureBlackbox(): { ok: true } | { ok: false; reason: string } {
  if (existsSync(BLACKBOX_BINARY)) return { ok: true };
  if (process.getuid?.() !== 0) return { ok: false, reason: `not installed; install it with: ${BLACKBOX_INSTALL_HINT}` };
  progress('probes: installing prometheus-blackbox-exporter with apt-get');
  try {
    tryInstall();
  } catch (error) {
    return { ok: false, reason: `apt-get could not install it (${(error as Error).message.split('\n')[0] ?? ''}); ${BLACKBOX_INSTALL_HINT}` };
  }
  return existsSync(BLACKBOX_BINARY) ? { ok: true } : { ok: false, reason: `installed, but ${BLACKBOX_BINARY} is missing` };
}

interface ProbeAnswer {
  status: number;
  body: string;
}

function get(agent: Agent, port: number, path: string): Promise<ProbeAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export interface RunningBlackbox {
  /** Sends `count` probes of the module at `ratePerSecond`, at most CONCURRENCY in flight; answers its CPU µs per probe. */
  cpuPerProbe(module: BlackboxModule, target: string, count: number, ratePerSecond: number): Promise<number>;
  stop(): Promise<void>;
}

async function waitHealthy(agent: Agent, port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`blackbox exited (${child.exitCode}) at start`);
    const answer = await get(agent, port, '/-/healthy').catch(() => null);
    if (answer?.status === 200) return;
    if (Date.now() > deadline) throw new Error('blackbox did not become healthy');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Probes started per pacing tick: the rate is kept in ticks of this length. */
const PACE_TICK_MS = 10;

/**
 * Sends `count` probes at `ratePerSecond` (as a scheduler hands checks over), never more than
 * CONCURRENCY in flight; answers how many failed.
 */
async function probePaced(agent: Agent, port: number, path: string, count: number, ratePerSecond: number): Promise<number> {
  let started = 0;
  let inFlight = 0;
  let failed = 0;
  const startedAt = performance.now();
  const probe = async (): Promise<void> => {
    inFlight += 1;
    const answer = await get(agent, port, path).catch(() => null);
    inFlight -= 1;
    if (answer?.status !== 200 || !/^probe_success 1$/m.test(answer.body)) failed += 1;
  };
  const running = new Set<Promise<void>>();
  while (started < count) {
    const due = Math.min(count, Math.floor(((performance.now() - startedAt) / 1000) * ratePerSecond) + 1);
    for (; started < due && inFlight < CONCURRENCY; started += 1) {
      const one = probe();
      running.add(one);
      void one.finally(() => running.delete(one));
    }
    await new Promise((resolve) => setTimeout(resolve, PACE_TICK_MS));
  }
  await Promise.all(running);
  return failed;
}

export async function startBlackbox(): Promise<RunningBlackbox> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-blackbox-'));
  const configFile = join(dir, 'blackbox.yml');
  writeFileSync(configFile, CONFIG);
  const port = await freeLoopbackPort();
  const child = spawn(BLACKBOX_BINARY, [`--config.file=${configFile}`, `--web.listen-address=127.0.0.1:${port}`, '--log.level=warn'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const stop = async (): Promise<void> => {
    agent.destroy();
    child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(agent, port, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    stop,
    async cpuPerProbe(module, target, count, ratePerSecond) {
      const path = `/probe?module=${module}&target=${encodeURIComponent(target)}`;
      await probePaced(agent, port, path, Math.min(200, count), ratePerSecond);
      const before = processCpu(child.pid ?? 0).selfMicros;
      const failed = await probePaced(agent, port, path, count, ratePerSecond);
      const after = processCpu(child.pid ?? 0).selfMicros;
      if (failed > count * 0.01) throw new Error(`blackbox ${module}: ${failed} of ${count} probes failed against ${target}`);
      return (after - before) / count;
    },
  };
}
