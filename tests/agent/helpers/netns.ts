import { spawnSync } from 'node:child_process';
import type { Server } from 'node:net';
import { startBalancer } from './balancer.js';

/**
 * A network namespace of the test's own, joined to this one by a veth pair on a /30 subnet of
 * 10.213.0.0/16 (addresses that exist only here), named and numbered by the process id: test files
 * running at once (each its own process) never share a namespace, a link or a subnet. The namespace's end can be taken down and up again: with
 * it down the namespace has no route anywhere, not even to the host end's address.
 */

export interface TestNamespace {
  name: string;
  /** The host end's address (in this namespace): servers for the agent listen here. */
  hostIp: string;
  /** The namespace end's address. */
  innerIp: string;
  /** An address no route inside the namespace ever leads to. */
  unroutableIp: string;
  /** Takes the namespace's end of the link down: every address outside the namespace is unroutable. */
  cutRoute(): void;
  restoreRoute(): void;
  /** The `ip` arguments that run a command inside the namespace. */
  execArgs(command: readonly string[]): string[];
  remove(): void;
}

function ip(args: readonly string[]): void {
  const run = spawnSync('ip', args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`ip ${args.join(' ')}: ${(run.stderr || run.error?.message || '').trim()}`);
}

/** Why namespaces cannot be made here, or null when they can. */
export function namespaceUnavailableReason(): string | null {
  if (process.platform !== 'linux') return 'network namespaces need Linux';
  if (process.getuid?.() !== 0) return 'creating a network namespace needs root';
  const version = spawnSync('ip', ['-V'], { encoding: 'utf8' });
  if (version.error || version.status !== 0) return 'the ip command (iproute2) is missing';
  // The whole setup once (namespace, veth pair, addresses): a container may allow one and not the other.
  try {
    createTestNamespace().remove();
    return null;
  } catch (error) {
    return `cannot set up a network namespace here: ${(error as Error).message}`;
  }
}

export function createTestNamespace(): TestNamespace {
  const id = process.pid % 100_000;
  const name = `vigil-t${id}`;
  const [hostLink, innerLink] = [`vgh${id}`, `vgn${id}`];
  // One of the 16,384 /30 blocks of 10.213.0.0/16: process ids below 16,384 apart never meet.
  const block = process.pid % 16_384;
  const base = `10.213.${block >> 6}`;
  const hostIp = `${base}.${(block & 63) * 4 + 1}`;
  const innerIp = `${base}.${(block & 63) * 4 + 2}`;
  spawnSync('ip', ['netns', 'del', name]);
  spawnSync('ip', ['link', 'del', hostLink]);
  ip(['netns', 'add', name]);
  const inside = (args: readonly string[]) => ip(['-n', name, ...args]);
  try {
    inside(['link', 'set', 'lo', 'up']);
    ip(['link', 'add', hostLink, 'type', 'veth', 'peer', 'name', innerLink, 'netns', name]);
    ip(['addr', 'add', `${hostIp}/30`, 'dev', hostLink]);
    ip(['link', 'set', hostLink, 'up']);
    inside(['addr', 'add', `${innerIp}/30`, 'dev', innerLink]);
  } catch (error) {
    spawnSync('ip', ['netns', 'del', name]);
    spawnSync('ip', ['link', 'del', hostLink]);
    throw error;
  }
  return {
    name,
    hostIp,
    innerIp,
    // Outside 10.213.0.0/16 altogether: no namespace's link leads there.
    unroutableIp: '10.214.0.53',
    cutRoute: () => inside(['link', 'set', innerLink, 'down']),
    restoreRoute: () => inside(['link', 'set', innerLink, 'up']),
    execArgs: (command) => ['netns', 'exec', name, ...command],
    remove: () => {
      // Deleting the namespace deletes its veth end, and with it the host end.
      spawnSync('ip', ['netns', 'del', name]);
      spawnSync('ip', ['link', 'del', hostLink]);
    },
  };
}

/** The API server as the namespace sees it: a TCP relay on the host end of the link to the test server on loopback. */
export async function relayTo(port: number, host: string): Promise<Server> {
  return (await startBalancer([port], host)).server;
}
