import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, defaultDataDirOf, keyIdOf, lockDataDir } from '../../src/agent/data-dir.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'vigil-agent-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lockFile = (): string => join(dir, 'agent.lock');

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the data directory of a key', () => {
  it('differs per key and does not reveal the key', () => {
    const first = defaultDataDirOf('.data/agent', 'vgn_first-key');
    const second = defaultDataDirOf('.data/agent', 'vgn_second-key');
    expect(first).not.toBe(second);
    expect(first).toBe(resolve('.data/agent', keyIdOf('vgn_first-key')));
    expect(keyIdOf('vgn_first-key')).toMatch(/^[0-9a-f]{12}$/);
    expect(first).not.toContain('first-key');
  });
});

describe('the data directory lock', () => {
  it('refuses a second agent while the first holds the directory, and lets it in after release', () => {
    const lock = lockDataDir(dir);
    expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(lockFile())).toBe(false);
    lockDataDir(dir).release();
  });

  it('takes over a lock left by a process that has died', () => {
    writeFileSync(lockFile(), `${deadPid()}\n`);
    const lock = lockDataDir(dir);
    expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over an empty or unreadable lock', () => {
    writeFileSync(lockFile(), '');
    lockDataDir(dir).release();
  });

  it('refuses a directory whose lock belongs to another running process, naming it', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      await new Promise((ready) => other.once('spawn', ready));
      writeFileSync(lockFile(), `${other.pid}\n`);
      let refusal: unknown;
      try {
        lockDataDir(dir);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DataDirLockedError);
      expect((refusal as Error).message).toContain(`pid ${other.pid}`);
      expect((refusal as Error).message).toContain('--data-dir');
      expect(readFileSync(lockFile(), 'utf8').trim()).toBe(String(other.pid));
    } finally {
      other.kill();
    }
  });
});
