import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentConfigError, DEFAULT_CONCURRENCY, loadAgentConfig } from '../../src/agent/config.js';
import { keyIdOf } from '../../src/agent/data-dir.js';

function problemsOf(argv: string[], env: Record<string, string> = {}): string[] {
  try {
    loadAgentConfig(argv, env);
  } catch (error) {
    if (error instanceof AgentConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('agent configuration', () => {
  it('reads the command line, with defaults', () => {
    const config = loadAgentConfig(['--server', 'https://vigil.example.com/', '--key', 'vgn_abc'], {});
    expect(config).toEqual({
      serverUrl: 'https://vigil.example.com',
      key: 'vgn_abc',
      dataDir: resolve('./.data/agent', keyIdOf('vgn_abc')),
      allowPrivate: false,
      concurrency: DEFAULT_CONCURRENCY,
      logLevel: 'info',
    });
  });

  it('gives each key its own default data directory, so two agents in one checkout never share a spool', () => {
    const local = loadAgentConfig(['--server', 'http://127.0.0.1:8080', '--key', 'vgn_local'], {});
    const other = loadAgentConfig(['--server', 'http://127.0.0.1:8080', '--key', 'vgn_other'], {});
    expect(local.dataDir).not.toBe(other.dataDir);
    expect(loadAgentConfig(['--server', 'http://127.0.0.1:8080', '--key', 'vgn_local', '--data-dir', 'x'], {}).dataDir).toBe(resolve('x'));
  });

  it('falls back to environment variables, the command line winning', () => {
    const env = {
      VIGIL_AGENT_SERVER: 'http://10.0.0.5:8080/api',
      VIGIL_AGENT_KEY: 'vgn_env',
      VIGIL_AGENT_DATA_DIR: '/var/lib/vigil-agent',
      VIGIL_AGENT_ALLOW_PRIVATE: '1',
      VIGIL_AGENT_CONCURRENCY: '8',
      VIGIL_AGENT_LOG_LEVEL: 'warn',
    };
    expect(loadAgentConfig([], env)).toEqual({
      serverUrl: 'http://10.0.0.5:8080',
      key: 'vgn_env',
      dataDir: '/var/lib/vigil-agent',
      allowPrivate: true,
      concurrency: 8,
      logLevel: 'warn',
    });
    expect(loadAgentConfig(['--key', 'vgn_cli', '--concurrency', '3'], env)).toMatchObject({ key: 'vgn_cli', concurrency: 3 });
  });

  it('caps the result spool at the megabytes given, fractions included', () => {
    const base = ['--server', 'http://127.0.0.1:8080', '--key', 'vgn_abc'];
    expect(loadAgentConfig(base, { VIGIL_AGENT_SPOOL_MAX_MB: '0.5' }).spoolMaxBytes).toBe(512 * 1024);
    expect(loadAgentConfig([...base, '--spool-max-mb', '2'], { VIGIL_AGENT_SPOOL_MAX_MB: '0.5' }).spoolMaxBytes).toBe(2 * 1024 * 1024);
    for (const wrong of ['0', '-1', 'lots']) expect(problemsOf(base, { VIGIL_AGENT_SPOOL_MAX_MB: wrong }).join()).toMatch(/spool cap/);
  });

  it('heartbeats every N seconds when told, at most the 30 of the server, else at the interval the server gives', () => {
    const base = ['--server', 'http://127.0.0.1:8080', '--key', 'vgn_abc'];
    expect(loadAgentConfig(base, {}).heartbeatSeconds).toBeUndefined();
    expect(loadAgentConfig(base, { VIGIL_AGENT_HEARTBEAT_SECONDS: '2' }).heartbeatSeconds).toBe(2);
    expect(loadAgentConfig([...base, '--heartbeat-seconds', '5'], { VIGIL_AGENT_HEARTBEAT_SECONDS: '2' }).heartbeatSeconds).toBe(5);
    for (const wrong of ['0', '31', '1.5', 'often']) expect(problemsOf(base, { VIGIL_AGENT_HEARTBEAT_SECONDS: wrong }).join()).toMatch(/heartbeat/);
  });

  it('names every missing or wrong setting at once', () => {
    expect(problemsOf([])).toEqual([
      'missing server URL: pass --server URL or set VIGIL_AGENT_SERVER',
      'missing node key: pass --key KEY or set VIGIL_AGENT_KEY (an operator makes one with "npm run node-key")',
    ]);
    const problems = problemsOf(['--server', 'ftp://x', '--key', 'k', '--concurrency', '0', '--log-level', 'loud']);
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/http or https[\s\S]*concurrency[\s\S]*log level/);
    expect(problemsOf(['--bogus'])[0]).toMatch(/bogus/);
  });
});
