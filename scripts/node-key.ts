// Operator command for node keys, kept for its short flags: the same verbs as
// `npm run admin -- node key` and `node create` (the platform calls /platform/node/key and
// /platform/node/create), run in-process on VIGIL_DATA_DIR and logged like every operator change.
//   tsx scripts/node-key.ts --node <id|slug> [--allow-private|--deny-private] [--json]
//   tsx scripts/node-key.ts --new --city <city> --country <ISO> [--name --province --region --isp
//       --map-type --dns --lat --lon] [--allow-private] [--json]
// A new key replaces the node's previous one.
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { flagOf } from '../src/server/admin-command/flags.js';
import { refusalText } from '../src/server/admin-command/print.js';
import { findVerb, runVerb } from '../src/server/admin-command/run.js';
import { loadConfig } from '../src/server/config.js';

const USAGE = `Usage:
  tsx scripts/node-key.ts --node <id|slug> [--allow-private | --deny-private] [--json]
  tsx scripts/node-key.ts --new --city <city> --country <ISO code> [--name <name>] [--province <province>]
      [--region NE|NC|EC|CC|SC|SW|NW] [--isp 0|1|2|3|4|8|9] [--map-type 1|2|3] [--dns <ip>]
      [--lat <degrees>] [--lon <degrees>] [--allow-private] [--json]
Also: npm run admin -- node key --node <id|slug>, npm run admin -- node create --city … (npm run admin -- help).`;

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

interface Issued {
  nodeId: number;
  name: string;
  key: string;
  allowPrivateTargets: boolean;
}

class UsageError extends Error {}

/** This script's flags for the call's fields, so a refusal names what the operator typed. */
const FLAG_OF_FIELD: Record<string, string> = { mapType: '--map-type', dnsServer: '--dns', latitude: '--lat', longitude: '--lon' };

const numberOf = (text: string | undefined) => (text === undefined ? undefined : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text);

function privateTargets(args: Args): boolean | undefined {
  if (args['allow-private'] && args['deny-private']) throw new UsageError('Give --allow-private or --deny-private, not both.');
  if (args['allow-private']) return true;
  return args['deny-private'] ? false : undefined;
}

function defined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/** The platform verb and its body for these flags. */
function verbOf(args: Args): { verb: 'key' | 'create'; body: Record<string, unknown> } {
  const allowPrivateTargets = privateTargets(args);
  if (args.new === true && args.node !== undefined) throw new UsageError('Give --node or --new, not both.');
  if (args.new === true) {
    const fields = {
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
      allowPrivateTargets,
    };
    return { verb: 'create', body: defined(fields) };
  }
  if (args.node === undefined) throw new UsageError('Give --node <id|slug> or --new.');
  const node = /^\d+$/.test(args.node) ? Number(args.node) : args.node;
  return { verb: 'key', body: defined({ node, allowPrivateTargets }) };
}

function print(issued: Issued, serverUrl: string, json: boolean): void {
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

function refusal(code: number, errors: Parameters<typeof refusalText>[1]): string {
  if (code === 2304) return 'No such node (give its id or catalogue slug).';
  return refusalText(code, errors, (field) => FLAG_OF_FIELD[field] ?? flagOf(field));
}

async function main(): Promise<number> {
  const { values: args } = parseArgs({ options: OPTIONS, strict: true });
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const { verb, body } = verbOf(args);
  const call = findVerb('node', verb);
  if (!call) throw new Error(`the call table has no node ${verb}`);
  const config = loadConfig();
  const outcome = await runVerb(config, call, body, `${userInfo().username} (node-key)`);
  if (!outcome.ok) {
    console.error(refusal(outcome.code, outcome.errors));
    return 1;
  }
  print(outcome.data as Issued, config.publicUrl, args.json === true);
  return 0;
}

function explain(error: unknown): string {
  if (error instanceof UsageError) return `${error.message}\n\n${USAGE}`;
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
