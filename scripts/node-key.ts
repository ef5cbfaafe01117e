// Operator command: makes a node key and prints it once (only its SHA-256 is stored).
//   tsx scripts/node-key.ts --node <id|slug> [--allow-private|--deny-private] [--json]
//   tsx scripts/node-key.ts --new --city <city> --country <ISO> [--name --province --region --isp
//       --map-type --dns --lat --lon] [--allow-private] [--json]
// A new key replaces the node's previous one. Works on VIGIL_DATA_DIR like the server.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.js';
import { DB_FILE_NAME, openDatabase, type Db } from '../src/server/db/connection.js';
import { migrateToLatest } from '../src/server/db/migrations/index.js';
import { seedNodeCatalogueIfEmpty } from '../src/server/db/node-catalogue.js';
import { AppError } from '../src/server/http/app-error.js';
import { createNodeWithKey, findNodeForKey, issueNodeKey, type IssuedNodeKey, type KeyOptions } from '../src/server/modules/nodes/keys.js';
import { NewNodeFields } from '../src/server/modules/nodes/node-fields.js';

const USAGE = `Usage:
  tsx scripts/node-key.ts --node <id|slug> [--allow-private | --deny-private] [--json]
  tsx scripts/node-key.ts --new --city <city> --country <ISO code> [--name <name>] [--province <province>]
      [--region NE|NC|EC|CC|SC|SW|NW] [--isp 0|1|2|3|4|8|9] [--map-type 1|2|3] [--dns <ip>]
      [--lat <degrees>] [--lon <degrees>] [--allow-private] [--json]`;

const OPTIONS = {
  node: { type: 'string' },
  new: { type: 'boolean' },
  name: { type: 'string' },
  city: { type: 'string' },
  country: { type: 'string' },
  province: { type: 'string' },
  region: { type: 'string' },
  isp: { type: 'string' },
  'map-type': { type: 'string' },
  dns: { type: 'string' },
  lat: { type: 'string' },
  lon: { type: 'string' },
  'allow-private': { type: 'boolean' },
  'deny-private': { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

type Args = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];

class UsageError extends Error {}

const FLAG_OF_FIELD: Record<string, string> = { mapType: 'map-type', dnsServer: 'dns', latitude: 'lat', longitude: 'lon' };

const numberOf = (text: string | undefined) => (text === undefined ? undefined : Number(text));

function newNodeFields(args: Args): NewNodeFields {
  const parsed = NewNodeFields.safeParse({
    name: args.name,
    city: args.city,
    country: args.country?.toUpperCase(),
    province: args.province,
    region: args.region?.toUpperCase(),
    isp: numberOf(args.isp),
    mapType: numberOf(args['map-type']),
    dnsServer: args.dns,
    latitude: numberOf(args.lat),
    longitude: numberOf(args.lon),
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `--${FLAG_OF_FIELD[String(issue.path[0])] ?? String(issue.path[0])}: ${issue.message}`);
    throw new UsageError(`Invalid node fields:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

function privateTargets(args: Args): boolean | undefined {
  if (args['allow-private'] && args['deny-private']) throw new UsageError('Give --allow-private or --deny-private, not both.');
  if (args['allow-private']) return true;
  return args['deny-private'] ? false : undefined;
}

async function issue(db: Db, args: Args): Promise<IssuedNodeKey> {
  const options: KeyOptions = { now: Date.now(), allowPrivateTargets: privateTargets(args) };
  if (args.new === true && args.node !== undefined) throw new UsageError('Give --node or --new, not both.');
  if (args.new === true) return createNodeWithKey(db, newNodeFields(args), options);
  if (args.node === undefined) throw new UsageError('Give --node <id|slug> or --new.');
  const node = await findNodeForKey(db, args.node);
  return issueNodeKey(db, node.id, options);
}

function print(issued: IssuedNodeKey, serverUrl: string, json: boolean): void {
  if (json) {
    console.log(JSON.stringify(issued));
    return;
  }
  console.log(
    [
      `Node ${issued.nodeId} (${issued.name}): new key. It is shown only this once; any earlier key of this node no longer works.`,
      '',
      `  ${issued.key}`,
      '',
      `Private, loopback and link-local targets: ${issued.allowPrivateTargets ? 'allowed' : 'refused'}.`,
      `Run the agent:  npm run agent -- --server ${serverUrl} --key <the key above>`,
    ].join('\n'),
  );
}

async function main(): Promise<number> {
  const { values: args } = parseArgs({ options: OPTIONS, strict: true });
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  const db = openDatabase(join(config.dataDir, DB_FILE_NAME));
  try {
    await migrateToLatest(db);
    await seedNodeCatalogueIfEmpty(db, Date.now());
    print(await issue(db, args), config.publicUrl, args.json === true);
    return 0;
  } finally {
    await db.destroy();
  }
}

function explain(error: unknown): string {
  if (error instanceof UsageError) return `${error.message}\n\n${USAGE}`;
  if (error instanceof AppError && error.code === 2304) return 'No such node (give its id or catalogue slug).';
  if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) return `${error.message}\n\n${USAGE}`;
  return error instanceof Error ? error.message : String(error);
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(explain(error));
    process.exitCode = 1;
  },
);
