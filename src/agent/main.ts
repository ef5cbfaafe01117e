import { pathToFileURL } from 'node:url';
import { startAgent } from './agent.js';
import { AGENT_USAGE, AgentConfigError, loadAgentConfig, wantsHelp } from './config.js';
import { DataDirLockedError } from './data-dir.js';
import { installLastResort } from './last-resort.js';
import { createLogger } from './log.js';

/**
 * The agent's entry: `npm run agent -- --server URL --key KEY`. Parses the configuration, starts,
 * and stops gracefully on SIGINT/SIGTERM (results held in memory are spooled first). Exits 2 on a
 * bad configuration and 1 when the data directory is held by another agent, the data directory
 * cannot be set up, or the server refuses the key; once started, nothing else ends it (see
 * last-resort.ts): the network coming and going is a check result or a delivery retried later.
 */

export { startAgent, type AgentDeps, type AgentHandle, type AgentStatus, type StopReason } from './agent.js';
export { loadAgentConfig, type AgentConfig } from './config.js';

async function main(argv: readonly string[]): Promise<number> {
  if (wantsHelp(argv)) {
    process.stdout.write(`${AGENT_USAGE}\n`);
    return 0;
  }
  let config;
  try {
    config = loadAgentConfig(argv);
  } catch (error) {
    if (!(error instanceof AgentConfigError)) throw error;
    process.stderr.write(`vigil agent: ${error.problems.join('\n  ')}\n\n${AGENT_USAGE}\n`);
    return 2;
  }
  const logger = createLogger(config.logLevel);
  let agent;
  try {
    agent = startAgent(config, { logger });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    process.stderr.write(`vigil agent: ${error.message}\n`);
    return 1;
  }
  installLastResort(logger);
  const onSignal = (): void => void agent.stop({ flush: true });
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const reason = await agent.stopped;
  return reason === 'key_refused' ? 1 : 0;
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`vigil agent: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
