/*
 * A throw-away PostgreSQL cluster for tests and benches: initdb in a temporary directory, started
 * on a free loopback port, removed by stop(). PostgreSQL refuses to run as root, so as root (CI)
 * the cluster belongs to and runs as the `postgres` user Debian's package creates.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  urlOf(database: string): string;
  /**
   * Restarts the cluster as an operator would (fast shutdown: sessions cut, transactions under way
   * rolled back, committed ones kept) on the same data and port. Not an immediate stop: with this
   * cluster's synchronous_commit=off a crash may lose the last commits, which a real server keeps.
   */
  restart(): void;
  stop(): void;
}

// Durability is worth nothing in a cluster removed at the end of the run; speed is.
const TEST_SETTINGS = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=300', 'listen_addresses=127.0.0.1'];

const BIN_DIRS = ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'];

const binDir = () => BIN_DIRS.find((dir) => existsSync(join(dir, 'initdb')));

/** The directory of PostgreSQL's programs, installing Debian's package first when missing and allowed (as for Chromium). */
function postgresBinDir(): string {
  const found = binDir();
  if (found) return found;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    throw new Error("PostgreSQL 15+ not found in /usr/lib/postgresql: install Debian's package (sudo apt-get install postgresql)");
  }
  console.log('Installing PostgreSQL from Debian packages …');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: 'inherit', env });
  const installed = binDir();
  if (!installed) throw new Error('apt-get installed postgresql, but no initdb is in /usr/lib/postgresql/*/bin');
  return installed;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const idOf = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
  try {
    return { uid: idOf('-u'), gid: idOf('-g') };
  } catch {
    throw new Error('PostgreSQL does not run as root, and there is no postgres user to run it as (apt-get install postgresql)');
  }
}

/** Runs a PostgreSQL program as the cluster's owner. */
function run(owner: { uid: number; gid: number } | undefined, program: string, args: string[]): void {
  execFileSync(program, args, { stdio: 'pipe', ...(owner ? { uid: owner.uid, gid: owner.gid } : {}) });
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  const owner = postgresUser();
  const dir = mkdtempSync(join(tmpdir(), 'vigil-pg-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  run(owner, join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const options = [`-p ${port}`, `-k ${dir}`, ...TEST_SETTINGS.map((setting) => `-c ${setting}`)].join(' ');
  const start = () => run(owner, join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  start();
  let stopped = false;
  return {
    urlOf: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    restart() {
      run(owner, join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      start();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run(owner, join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
