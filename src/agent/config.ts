import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultDataDirOf } from './data-dir.js';
import { DEFAULT_SPOOL_LIMITS } from './spool.js';

/**
 * The agent's configuration from its command line, with environment variables as fallbacks
 * (the command line wins). Problems are collected and reported together.
 */

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface AgentConfig {
  /** Origin (and optional prefix) of the API server, without `/api`: `https://vigil.example.com`. */
  serverUrl: string;
  /** The node key the operator issued. */
  key: string;
  /** Where the result spool and the assignment cache live: one directory per node key by default. */
  dataDir: string;
  /**
   * Asks for private, loopback and link-local targets to be allowed. Effective only when the
   * server also allows them for this node (its register answer decides).
   */
  allowPrivate: boolean;
  /** Checks running at once. */
  concurrency: number;
  logLevel: LogLevel;
  /** The result spool's cap on disk; past it the oldest batches go and are counted as dropped. Absent: the spool's default. */
  spoolMaxBytes?: number;
  /** Heartbeat (and look for assignment changes) this often instead of the server's interval. */
  heartbeatSeconds?: number;
}

/** Parent of the default data directories, one per key: `<this>/<key id>`. */
export const DEFAULT_DATA_DIR = './.data/agent';
export const DEFAULT_CONCURRENCY = 64;
const MAX_CONCURRENCY = 4096;
const DEFAULT_SPOOL_MAX_MB = DEFAULT_SPOOL_LIMITS.maxBytes / 1024 / 1024;
const MAX_SPOOL_MB = 1_000_000;
/** Longer than the server's interval would count the node lost between heartbeats. */
const MAX_HEARTBEAT_SECONDS = 30;

export class AgentConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`agent configuration: ${problems.join('; ')}`);
    this.name = 'AgentConfigError';
  }
}

export const AGENT_USAGE = `Usage: npm run agent -- --server URL --key KEY [options]

Options (environment variable in brackets; the command line wins):
  --server URL       API server origin, e.g. https://vigil.example.com  [VIGIL_AGENT_SERVER]
  --key KEY          the node key an operator made with "npm run node-key"  [VIGIL_AGENT_KEY]
  --data-dir DIR     result spool and assignment cache, one agent at a time
                     (default ${DEFAULT_DATA_DIR}/<key id>, a directory per key)  [VIGIL_AGENT_DATA_DIR]
  --allow-private    probe private/loopback targets when the server allows it for the node  [VIGIL_AGENT_ALLOW_PRIVATE=1]
  --concurrency N    checks running at once (default ${DEFAULT_CONCURRENCY})  [VIGIL_AGENT_CONCURRENCY]
  --spool-max-mb MB  disk the result spool may take while the server is away; past it the oldest
                     results are dropped and counted (default ${DEFAULT_SPOOL_MAX_MB}; fractions allowed)  [VIGIL_AGENT_SPOOL_MAX_MB]
  --heartbeat-seconds N  heartbeat, and so take changed assignments, every N seconds, 1 to
                     ${MAX_HEARTBEAT_SECONDS} (default: the server's interval, 30)  [VIGIL_AGENT_HEARTBEAT_SECONDS]
  --log-level LEVEL  ${LOG_LEVELS.join(', ')} (default info)  [VIGIL_AGENT_LOG_LEVEL]
  --help             this text`;

type Env = Record<string, string | undefined>;

const OPTIONS = {
  server: { type: 'string' },
  key: { type: 'string' },
  'data-dir': { type: 'string' },
  'allow-private': { type: 'boolean' },
  concurrency: { type: 'string' },
  'log-level': { type: 'string' },
  'spool-max-mb': { type: 'string' },
  'heartbeat-seconds': { type: 'string' },
  help: { type: 'boolean' },
} as const;

/** True when the command line asks for the usage text. */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.includes('--help') || argv.includes('-h');
}

function serverUrlOf(value: string | undefined, problems: string[]): string {
  if (!value) {
    problems.push('missing server URL: pass --server URL or set VIGIL_AGENT_SERVER');
    return '';
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push(`server URL "${value}" is not a URL`);
    return '';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') problems.push(`server URL "${value}" must be http or https`);
  // A trailing /api is the base the calls add themselves.
  return url.href.replace(/\/+$/, '').replace(/\/api$/, '');
}

function concurrencyOf(value: string | undefined, problems: string[]): number {
  if (value === undefined || value === '') return DEFAULT_CONCURRENCY;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > MAX_CONCURRENCY) {
    problems.push(`concurrency "${value}" must be a whole number from 1 to ${MAX_CONCURRENCY}`);
    return DEFAULT_CONCURRENCY;
  }
  return parsed;
}

/** Bytes from a number of megabytes; undefined when not given (the spool's default applies). */
function spoolMaxBytesOf(value: string | undefined, problems: string[]): number | undefined {
  if (value === undefined || value === '') return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0 || parsed > MAX_SPOOL_MB) {
    problems.push(`spool cap "${value}" must be a number of megabytes above 0 and at most ${MAX_SPOOL_MB}`);
    return undefined;
  }
  return Math.ceil(parsed * 1024 * 1024);
}

function heartbeatSecondsOf(value: string | undefined, problems: string[]): number | undefined {
  if (value === undefined || value === '') return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > MAX_HEARTBEAT_SECONDS) {
    problems.push(`heartbeat "${value}" must be a whole number of seconds from 1 to ${MAX_HEARTBEAT_SECONDS}`);
    return undefined;
  }
  return parsed;
}

function logLevelOf(value: string | undefined, problems: string[]): LogLevel {
  if (value === undefined || value === '') return 'info';
  if ((LOG_LEVELS as readonly string[]).includes(value)) return value as LogLevel;
  problems.push(`log level "${value}" must be one of ${LOG_LEVELS.join(', ')}`);
  return 'info';
}

function dataDirOf(value: string | undefined, key: string): string {
  return value ? resolve(value) : defaultDataDirOf(DEFAULT_DATA_DIR, key);
}

const truthy = (value: string | undefined): boolean => value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());

type OptionValues = { [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]['type'] extends 'boolean' ? boolean : string };

/** The settings that are absent unless given (their defaults live where they are used). */
function optionalSettings(values: OptionValues, env: Env, problems: string[]): Pick<AgentConfig, 'spoolMaxBytes' | 'heartbeatSeconds'> {
  const settings: Pick<AgentConfig, 'spoolMaxBytes' | 'heartbeatSeconds'> = {};
  const spoolMaxBytes = spoolMaxBytesOf(values['spool-max-mb'] ?? env.VIGIL_AGENT_SPOOL_MAX_MB, problems);
  if (spoolMaxBytes !== undefined) settings.spoolMaxBytes = spoolMaxBytes;
  const heartbeatSeconds = heartbeatSecondsOf(values['heartbeat-seconds'] ?? env.VIGIL_AGENT_HEARTBEAT_SECONDS, problems);
  if (heartbeatSeconds !== undefined) settings.heartbeatSeconds = heartbeatSeconds;
  return settings;
}

/** Reads the configuration; throws AgentConfigError naming every problem. */
export function loadAgentConfig(argv: readonly string[], env: Env = process.env): AgentConfig {
  let values: OptionValues;
  try {
    values = parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new AgentConfigError([(error as Error).message]);
  }
  const problems: string[] = [];
  const serverUrl = serverUrlOf(values.server ?? env.VIGIL_AGENT_SERVER, problems);
  const key = (values.key ?? env.VIGIL_AGENT_KEY ?? '').trim();
  if (!key) problems.push('missing node key: pass --key KEY or set VIGIL_AGENT_KEY (an operator makes one with "npm run node-key")');
  const config: AgentConfig = {
    serverUrl,
    key,
    dataDir: dataDirOf(values['data-dir'] ?? env.VIGIL_AGENT_DATA_DIR, key),
    allowPrivate: values['allow-private'] ?? truthy(env.VIGIL_AGENT_ALLOW_PRIVATE),
    concurrency: concurrencyOf(values.concurrency ?? env.VIGIL_AGENT_CONCURRENCY, problems),
    logLevel: logLevelOf(values['log-level'] ?? env.VIGIL_AGENT_LOG_LEVEL, problems),
  };
  Object.assign(config, optionalSettings(values, env, problems));
  if (problems.length > 0) throw new AgentConfigError(problems);
  return config;
}
