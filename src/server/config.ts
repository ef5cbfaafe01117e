import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { isTimeZone } from '../shared/alerts/message-format.js';
import { LIMITS } from '../shared/constants.js';
import { accountRule, passwordRule } from '../shared/validation/rules.js';

export interface SeedCredentials {
  account: string;
  /** Undefined: a random password is generated at the first start. */
  password: string | undefined;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  idleSeconds: number;
  maxSessions: number;
  platformUrl: string | undefined;
  /** Undefined: generated at the first start and kept in the data dir. */
  platformSecret: string | undefined;
  ssoCodeTtlSeconds: number;
  publicUrl: string;
  loginMaxFailures: number;
  loginLockSeconds: number;
  bodyLimitBytes: number;
  clientDir: string;
  logLevel: string;
  /** Which proxies' forwarding headers to believe: none, all, the nearest hops, or these addresses. */
  trustProxy: boolean | number | string[];
  seedCustomer: SeedCredentials;
  seedAdmin: SeedCredentials;
  /** How long a node has to acknowledge a task version before it is an error node. */
  deployDeadlineSeconds: number;
  /** Raw results are kept this long; batch ids too (a resend within it is still a duplicate). */
  resultRetentionDays: number;
  /** Traceroute results (the route history snapshots) are kept this long, at least as long as raw results. */
  traceRetentionDays: number;
  minuteRollupRetentionDays: number;
  hourRollupRetentionDays: number;
  push: PushConfig;
  telegram: TelegramConfig;
  sslChain: SslChainConfig;
  /** IANA zone of the times in alert messages (VIGIL_ALERT_TIME_ZONE, default Asia/Shanghai), printed with their UTC offset. */
  alertTimeZone: string;
  /** Rows an import reads per batch; its progress is saved after each (VIGIL_IMPORT_BATCH_ROWS). */
  importBatchRows: number;
  /** A pause after each batch of an import, leaving a small server room for other work (VIGIL_IMPORT_BATCH_PAUSE_MS, default none). */
  importBatchPauseMs: number;
  database: DatabaseConfig;
  /** The Bearer token a Prometheus scraper shows for GET /metrics (VIGIL_METRICS_TOKEN); undefined: no /metrics. */
  metricsToken: string | undefined;
}

/** Where the server keeps its state: the SQLite file in the data dir, or a PostgreSQL server. */
export interface DatabaseConfig {
  /** postgres://… (VIGIL_DATABASE_URL); undefined: the embedded SQLite file `<dataDir>/vigil.db`. */
  url: string | undefined;
  /** Connections each instance keeps open at most (VIGIL_DATABASE_POOL_MAX, default 10). */
  poolMax: number;
  /** A statement running longer is cancelled by PostgreSQL (VIGIL_DATABASE_STATEMENT_TIMEOUT_MS, default 30 s). */
  statementTimeoutMs: number;
  /** SQLite: read-only connections on threads of their own for long reads (VIGIL_SQLITE_READERS, default 1; 0: all on the one connection). */
  sqliteReaders: number;
}

/** Alert messages through the Telegram Bot API. */
export interface TelegramConfig {
  /** The bot's token (VIGIL_TELEGRAM_BOT_TOKEN); undefined: messages wait in the outbox until one is set. */
  botToken: string | undefined;
  /** The Bot API's base URL (VIGIL_TELEGRAM_API_BASE), https://api.telegram.org unless a local Bot API server or a test peer. */
  apiBase: string;
  /** How long one Bot API request may take before it counts as a network failure (VIGIL_TELEGRAM_TIMEOUT_MS). */
  requestTimeoutMs: number;
}

/** The SSL chain checker's connections made from the server itself. */
export interface SslChainConfig {
  /** Targets that are or resolve to private, loopback or link-local addresses are refused unless this is set (VIGIL_SSL_CHAIN_ALLOW_PRIVATE_TARGETS). */
  allowPrivateTargets: boolean;
  /** A PEM file of certificate authorities trusted beside the system's (VIGIL_SSL_CHAIN_EXTRA_CA_FILE): a private CA, or tests' own root. */
  extraCaFile: string | undefined;
}

/** Web push of inbox events. */
export interface PushConfig {
  /** base64url, as web-push prints them; undefined: generated at the first start and kept in the data dir. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** The VAPID `sub` claim: a mailto: or https: contact for the push services. */
  vapidSubject: string;
  /** Endpoints resolving to private, loopback or link-local addresses are refused unless this is set. */
  allowPrivateEndpoints: boolean;
  /** A PEM file of extra certificate authorities trusted for push services (a private one with its own CA). */
  extraCaFile: string | undefined;
}

export const DEFAULT_DEPLOY_DEADLINE_SECONDS = 120;
export const DEFAULT_IMPORT_BATCH_ROWS = 100;
export const DEFAULT_RESULT_RETENTION_DAYS = 7;
export const DEFAULT_TRACE_RETENTION_DAYS = 90;
export const DEFAULT_ALERT_TIME_ZONE = 'Asia/Shanghai';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function text(env: Env, key: string): string | undefined {
  const value = env[key]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function integer(env: Env, key: string, fallback: number, min: number, max: number): number {
  const raw = text(env, key);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(`${key} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function url(env: Env, key: string): string | undefined {
  const raw = text(env, key);
  if (raw === undefined) return undefined;
  try {
    const parsed = new URL(raw);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('scheme');
  } catch {
    throw new ConfigError(`${key} must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

function oneOf(env: Env, key: string, fallback: string, choices: readonly string[]): string {
  const raw = text(env, key) ?? fallback;
  if (!choices.includes(raw)) throw new ConfigError(`${key} must be one of ${choices.join(', ')}, got "${raw}"`);
  return raw;
}

function timeZone(env: Env, key: string, fallback: string): string {
  const value = text(env, key) ?? fallback;
  if (!isTimeZone(value)) throw new ConfigError(`${key} must be an IANA time zone such as Asia/Shanghai, got "${value}"`);
  return value;
}

function databaseUrl(env: Env, key: string): string | undefined {
  const raw = text(env, key);
  if (raw === undefined) return undefined;
  if (!/^postgres(ql)?:\/\/\S+$/.test(raw)) throw new ConfigError(`${key} must be a postgres:// URL`);
  return raw;
}

function databaseConfig(env: Env): DatabaseConfig {
  return {
    url: databaseUrl(env, 'VIGIL_DATABASE_URL'),
    poolMax: integer(env, 'VIGIL_DATABASE_POOL_MAX', 10, 1, 1000),
    statementTimeoutMs: integer(env, 'VIGIL_DATABASE_STATEMENT_TIMEOUT_MS', 30_000, 0, 3_600_000),
    sqliteReaders: integer(env, 'VIGIL_SQLITE_READERS', 1, 0, 16),
  };
}

function seed(env: Env, accountKey: string, passwordKey: string, fallbackAccount: string): SeedCredentials {
  const account = text(env, accountKey) ?? fallbackAccount;
  if (!accountRule.safeParse(account).success) {
    throw new ConfigError(`${accountKey} must be 5-20 lowercase letters and digits, got "${account}"`);
  }
  const password = env[passwordKey] === undefined || env[passwordKey] === '' ? undefined : env[passwordKey];
  if (password !== undefined && !passwordRule.safeParse(password).success) {
    throw new ConfigError(`${passwordKey} must be 6-20 characters without control characters`);
  }
  return { account, password };
}

function secret(env: Env, key: string): string | undefined {
  const value = text(env, key);
  if (value !== undefined && value.length < 16) throw new ConfigError(`${key} must be at least 16 characters`);
  return value;
}

// Named ranges that Fastify's trustProxy (proxy-addr) understands besides addresses and CIDRs.
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

function trustProxy(env: Env, key: string): boolean | number | string[] {
  const raw = text(env, key)?.toLowerCase();
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return integer(env, key, 0, 0, 100);
  const entries = raw.split(',').map((entry) => entry.trim());
  if (!entries.every(isProxyAddress)) {
    throw new ConfigError(`${key} must be true, false, a number of hops or a comma list of addresses, got "${raw}"`);
  }
  return entries;
}

function flag(env: Env, key: string, fallback: boolean): boolean {
  const raw = text(env, key)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['true', '1', 'yes', 'on'].includes(raw)) return true;
  if (['false', '0', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${key} must be true or false, got "${raw}"`);
}

// base64url of an uncompressed P-256 point (65 bytes, 0x04 first) and of a 32-byte private scalar.
const VAPID_PUBLIC_KEY_TEXT = /^B[A-Za-z0-9_-]{86}$/;
const VAPID_PRIVATE_KEY_TEXT = /^[A-Za-z0-9_-]{43}$/;

function vapidKeys(env: Env): PushConfig['vapidKeys'] {
  const publicKey = text(env, 'VIGIL_VAPID_PUBLIC_KEY')?.replace(/=+$/, '');
  const privateKey = text(env, 'VIGIL_VAPID_PRIVATE_KEY')?.replace(/=+$/, '');
  if (publicKey === undefined && privateKey === undefined) return undefined;
  if (publicKey === undefined || privateKey === undefined) {
    throw new ConfigError('VIGIL_VAPID_PUBLIC_KEY and VIGIL_VAPID_PRIVATE_KEY must be given together');
  }
  if (!VAPID_PUBLIC_KEY_TEXT.test(publicKey)) {
    throw new ConfigError('VIGIL_VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url (87 characters starting with B)');
  }
  if (!VAPID_PRIVATE_KEY_TEXT.test(privateKey)) {
    throw new ConfigError('VIGIL_VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters)');
  }
  return { publicKey, privateKey };
}

/** The server's https URL when it has one, else a mailto: address at its host (set VIGIL_VAPID_SUBJECT for a real one). */
function vapidSubject(env: Env, publicUrl: string): string {
  const raw = text(env, 'VIGIL_VAPID_SUBJECT');
  if (raw === undefined) {
    const url = new URL(publicUrl);
    return url.protocol === 'https:' ? url.origin : `mailto:admin@${url.hostname}`;
  }
  if (!/^mailto:[^@\s]+@[^@\s]+$/.test(raw) && !/^https:\/\/[^\s]+$/.test(raw)) {
    throw new ConfigError(`VIGIL_VAPID_SUBJECT must be a mailto: address or an https: URL, got "${raw}"`);
  }
  return raw;
}

function pushConfig(env: Env, publicUrl: string): PushConfig {
  const extraCaFile = text(env, 'VIGIL_PUSH_EXTRA_CA_FILE');
  return {
    vapidKeys: vapidKeys(env),
    vapidSubject: vapidSubject(env, publicUrl),
    allowPrivateEndpoints: flag(env, 'VIGIL_PUSH_ALLOW_PRIVATE_ENDPOINTS', false),
    extraCaFile: extraCaFile === undefined ? undefined : resolve(extraCaFile),
  };
}

function sslChainConfig(env: Env): SslChainConfig {
  const extraCaFile = text(env, 'VIGIL_SSL_CHAIN_EXTRA_CA_FILE');
  return {
    allowPrivateTargets: flag(env, 'VIGIL_SSL_CHAIN_ALLOW_PRIVATE_TARGETS', false),
    extraCaFile: extraCaFile === undefined ? undefined : resolve(extraCaFile),
  };
}

/** Reads the configuration from the environment; invalid values fail fast with the variable's name. */
export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'VIGIL_PORT', 8080, 0, 65_535);
  const publicUrl = url(env, 'VIGIL_PUBLIC_URL') ?? `http://localhost:${port}`;
  return {
    port,
    host: text(env, 'VIGIL_HOST') ?? '0.0.0.0',
    dataDir: resolve(text(env, 'VIGIL_DATA_DIR') ?? './.data'),
    idleSeconds: integer(env, 'VIGIL_IDLE_SECONDS', LIMITS.sessionIdleSeconds, 10, 31 * 24 * 3600),
    maxSessions: integer(env, 'VIGIL_MAX_SESSIONS', 5, 1, 10_000),
    platformUrl: url(env, 'VIGIL_PLATFORM_URL'),
    platformSecret: secret(env, 'VIGIL_PLATFORM_SECRET'),
    ssoCodeTtlSeconds: integer(env, 'VIGIL_SSO_CODE_TTL_SECONDS', 60, 5, 3600),
    publicUrl,
    loginMaxFailures: integer(env, 'VIGIL_LOGIN_MAX_FAILURES', 5, 1, 1000),
    loginLockSeconds: integer(env, 'VIGIL_LOGIN_LOCK_SECONDS', 900, 1, 7 * 24 * 3600),
    bodyLimitBytes: integer(env, 'VIGIL_BODY_LIMIT_BYTES', 1_048_576, 1024, 1024 * 1024 * 1024),
    clientDir: resolve(text(env, 'VIGIL_CLIENT_DIR') ?? 'dist/client'),
    logLevel: oneOf(env, 'VIGIL_LOG_LEVEL', 'info', LOG_LEVELS),
    trustProxy: trustProxy(env, 'VIGIL_TRUST_PROXY'),
    seedCustomer: seed(env, 'VIGIL_SEED_ACCOUNT', 'VIGIL_SEED_PASSWORD', 'demo01'),
    seedAdmin: seed(env, 'VIGIL_SEED_ADMIN_ACCOUNT', 'VIGIL_SEED_ADMIN_PASSWORD', 'admin01'),
    deployDeadlineSeconds: integer(env, 'VIGIL_DEPLOY_DEADLINE_SECONDS', DEFAULT_DEPLOY_DEADLINE_SECONDS, 5, 24 * 3600),
    resultRetentionDays: integer(env, 'VIGIL_RESULT_RETENTION_DAYS', DEFAULT_RESULT_RETENTION_DAYS, 1, 3650),
    traceRetentionDays: integer(env, 'VIGIL_TRACE_RETENTION_DAYS', DEFAULT_TRACE_RETENTION_DAYS, 1, 3650),
    minuteRollupRetentionDays: integer(env, 'VIGIL_MINUTE_ROLLUP_RETENTION_DAYS', 2, 1, 3650),
    hourRollupRetentionDays: integer(env, 'VIGIL_HOUR_ROLLUP_RETENTION_DAYS', 400, 1, 3650),
    push: pushConfig(env, publicUrl),
    sslChain: sslChainConfig(env),
    alertTimeZone: timeZone(env, 'VIGIL_ALERT_TIME_ZONE', DEFAULT_ALERT_TIME_ZONE),
    importBatchRows: integer(env, 'VIGIL_IMPORT_BATCH_ROWS', DEFAULT_IMPORT_BATCH_ROWS, 1, 10_000),
    importBatchPauseMs: integer(env, 'VIGIL_IMPORT_BATCH_PAUSE_MS', 0, 0, 60_000),
    database: databaseConfig(env),
    metricsToken: secret(env, 'VIGIL_METRICS_TOKEN'),
    telegram: {
      botToken: secret(env, 'VIGIL_TELEGRAM_BOT_TOKEN'),
      apiBase: url(env, 'VIGIL_TELEGRAM_API_BASE') ?? 'https://api.telegram.org',
      requestTimeoutMs: integer(env, 'VIGIL_TELEGRAM_TIMEOUT_MS', 10_000, 100, 120_000),
    },
  };
}
