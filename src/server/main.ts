import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openConfiguredDatabase } from './db/open.js';
import { migrateToLatest } from './db/migrations/index.js';
import { seedIfEmpty, type SeededCredentials } from './db/seed.js';
import { schedulePruning } from './prune-schedule.js';
import { ensurePlatformSecret } from './security/platform-secret.js';

export interface RunningServer {
  app: FastifyInstance;
  /** Where the console and API answer, e.g. http://localhost:8080. */
  url: string;
  /** Closes Fastify, then the database. */
  close: () => Promise<void>;
}

function printFirstStart(seeded: SeededCredentials | undefined, platformSecret: string | undefined): void {
  const lines: string[] = [];
  if (seeded) {
    lines.push(`  customer account: ${seeded.customer.account}  password: ${seeded.customer.password}`);
    lines.push(`  administrator:    ${seeded.admin.account}  password: ${seeded.admin.password}`);
  }
  if (platformSecret !== undefined) lines.push(`  platform secret (x-platform-secret): ${platformSecret}`);
  if (lines.length === 0) return;
  console.log(['', 'Vigil first start: keep these, they are not shown again.', ...lines, ''].join('\n'));
}

/** Opens and migrates the database, seeds a first run, builds the app and listens. */
export async function startServer(config: Config = loadConfig()): Promise<RunningServer> {
  const db = openConfiguredDatabase(config);
  try {
    await migrateToLatest(db);
    const seeded = await seedIfEmpty(db, config);
    const secret = await ensurePlatformSecret(db, config.dataDir, config.platformSecret, Date.now());
    printFirstStart(seeded, secret.created ? secret.secret : undefined);
    const app = await buildApp({ ...config, platformSecret: secret.secret }, { db });
    if (secret.ignoredFile !== undefined) app.log.warn({ file: secret.ignoredFile }, 'this data dir holds another platform secret than the database; the database\'s is used');
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.port;
    const url = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${port}`;
    const pruning = schedulePruning(db, config, app.log);
    const close = async () => {
      await app.close();
      await pruning.stop();
      await db.destroy();
    };
    return { app, url, close };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

/** Runs until SIGINT/SIGTERM, then shuts down gracefully. */
export async function main(): Promise<void> {
  let server: RunningServer;
  try {
    server = await startServer();
  } catch (error) {
    console.error(error instanceof ConfigError ? `Invalid configuration: ${error.message}` : error);
    process.exitCode = 1;
    return;
  }
  console.log(`Vigil is listening on ${server.url}`);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    server.app.log.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

/**
 * Runs when this module is the program: src/server/main.ts under tsx, or its bundle
 * dist/server/main.mjs. A bundle of another entry that imports startServer (a bench's server
 * process) shares this module's import.meta.url with its entry, so the file's name decides too.
 */
const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href && /(^|[\\/])main\.(ts|mjs)$/.test(entry)) void main();
