import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * An agent's data directory holds what belongs to one node: the result spool, the assignment
 * cache and node.json. Two agents sharing one would deliver each other's batches, so each key gets
 * its own directory by default, and a lock file keeps a second agent out of a directory in use.
 */

const LOCK_FILE = 'agent.lock';

/** A short, stable name for a key that does not reveal it: the first 12 hex digits of its SHA-256. */
export function keyIdOf(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 12);
}

/** The default data directory of a key: `<root>/<key id>`. */
export function defaultDataDirOf(root: string, key: string): string {
  return resolve(root, keyIdOf(key));
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `another agent (pid ${pid}) is using the data directory ${dir}; ` +
        `stop it, or give this agent its own directory with --data-dir (remove ${join(dir, LOCK_FILE)} only if no such process runs)`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  release(): void;
}

/** Directories locked by this process: a second agent in the same process is refused as well. */
const heldHere = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockHolder(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function createLock(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Whether a lock left behind can be taken over: its process is gone, or it is this process and no agent here holds it. */
function isStale(holder: number | null, dir: string): boolean {
  if (holder === null) return true;
  if (holder === process.pid) return !heldHere.has(dir);
  return !isRunning(holder);
}

/**
 * Takes the directory for this agent: creates it, then its lock file holding this process's pid.
 * A lock whose process has died is taken over. Throws DataDirLockedError when another agent holds it.
 */
export function lockDataDir(dir: string): DataDirLock {
  const absolute = resolve(dir);
  const path = join(absolute, LOCK_FILE);
  mkdirSync(absolute, { recursive: true });
  for (let attempt = 0; !createLock(path); attempt += 1) {
    const holder = lockHolder(path);
    if (attempt > 0 || !isStale(holder, absolute)) throw new DataDirLockedError(absolute, holder ?? 0);
    rmSync(path, { force: true });
  }
  heldHere.add(absolute);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      heldHere.delete(absolute);
      if (lockHolder(path) === process.pid) rmSync(path, { force: true });
    },
  };
}
