import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AGENT_ENTRY, AGENT_NODE_OPTIONS, bundle, bundleIsStale } from '../../scripts/build-agent.mjs';

/** The deployable agent is one bundled file that plain node runs, without the tsx loader. */

const dir = mkdtempSync(join(tmpdir(), 'vigil-agent-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the agent bundle', () => {
  it('runs with plain node and answers its usage', async () => {
    const outfile = join(dir, 'main.mjs');
    expect(bundleIsStale(outfile, [AGENT_ENTRY])).toBe(true);
    await bundle(AGENT_ENTRY, outfile);
    expect(bundleIsStale(outfile, [AGENT_ENTRY])).toBe(false);
    const usage = execFileSync(process.execPath, [outfile, '--help'], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
    expect(usage).toContain('Usage: npm run agent -- --server URL --key KEY');
    // As `npm start` launches it: node takes every one of the agent's V8 options (a misspelt one ends it with "bad option").
    const launched = execFileSync(process.execPath, [...AGENT_NODE_OPTIONS, outfile, '--help'], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
    expect(launched).toContain('Usage: npm run agent -- --server URL --key KEY');
  }, 60_000);

  it('is launched in the README with every one of those options', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const command = /^node (.+?dist\/agent\/main\.mjs)/ms.exec(readme)?.[1]?.replace(/\\\n\s*/g, ' ') ?? '';
    expect(command.split(' ').filter((word) => word.startsWith('--'))).toEqual([...AGENT_NODE_OPTIONS]);
  });
});
