import type { z } from 'zod';

/**
 * `npm run admin -- <noun> <verb> [--field value ...]`: the words and flags of one command line,
 * and the body a platform call's schema expects, made from the flags by the schema's own field
 * types (numbers, booleans, null, lists and JSON objects), so no verb needs code of its own.
 */

export interface CommandLine {
  words: string[];
  /** Field flags by their body field name (`--cust-id` and `--custId` are both `custId`). */
  flags: Map<string, string | true>;
  json: boolean;
  help: boolean;
  by: string | undefined;
}

export class UsageError extends Error {}

const camelOf = (flag: string) => flag.replace(/-([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
export const flagOf = (field: string) => `--${field.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

function splitFlag(arg: string): [string, string | undefined] {
  const equals = arg.indexOf('=');
  return equals === -1 ? [arg.slice(2), undefined] : [arg.slice(2, equals), arg.slice(equals + 1)];
}

export function parseCommandLine(argv: readonly string[]): CommandLine {
  const line: CommandLine = { words: [], flags: new Map(), json: false, help: false, by: undefined };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    if (!arg.startsWith('--')) {
      line.words.push(arg);
      continue;
    }
    const [name, inline] = splitFlag(arg);
    const next = argv[index + 1];
    const value = inline ?? (next !== undefined && !next.startsWith('--') ? ((index += 1), next) : true);
    if (name === 'json') line.json = value !== 'false';
    else if (name === 'help') line.help = true;
    else if (name === 'by') {
      if (value === true) throw new UsageError('--by needs a name.');
      line.by = value;
    } else line.flags.set(camelOf(name), value);
  }
  return line;
}

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType; shape?: Record<string, z.ZodType>; entries?: Record<string, unknown> };
const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;

/** The schema under optional, nullable, default and pipes, and whether null is allowed. */
function baseOf(schema: z.ZodType): { base: z.ZodType; nullable: boolean } {
  let base = schema;
  let nullable = false;
  for (;;) {
    const def = defOf(base);
    if (def.type === 'nullable') nullable = true;
    const inner = ['optional', 'nullable', 'default', 'prefault', 'readonly'].includes(def.type) ? def.innerType : def.type === 'pipe' ? def.in : undefined;
    if (inner === undefined) return { base, nullable };
    base = inner;
  }
}

/** The fields of a call's body schema (an object, possibly optional). */
export function bodyFields(schema: z.ZodType): Record<string, z.ZodType> {
  const { base } = baseOf(schema);
  return defOf(base).type === 'object' ? (defOf(base).shape ?? {}) : {};
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function valueFor(schema: z.ZodType | undefined, raw: string | true): unknown {
  if (schema === undefined) return raw;
  const { base, nullable } = baseOf(schema);
  const type = defOf(base).type;
  if (raw === true) return type === 'boolean' ? true : raw;
  if (nullable && raw === 'null') return null;
  switch (type) {
    case 'string':
    case 'enum':
      return raw;
    case 'array':
      return raw.trim().startsWith('[') ? parsedJson(raw) : raw.split(',').map((item) => valueFor(defOf(base).element, item.trim()));
    default:
      // Numbers, booleans, literals, objects (JSON) and unions: JSON when it reads as JSON, else the text.
      return parsedJson(raw);
  }
}

/** The body for the call from the flags; no flags and an optional body: no body at all. */
export function bodyFromFlags(schema: z.ZodType, flags: ReadonlyMap<string, string | true>): Record<string, unknown> | undefined {
  if (flags.size === 0 && schema.safeParse(undefined).success) return undefined;
  const fields = bodyFields(schema);
  return Object.fromEntries([...flags].map(([field, raw]) => [field, valueFor(fields[field], raw)]));
}

/** How the help shows a field's value: its type in words. */
export function valueHint(schema: z.ZodType): string {
  const { base, nullable } = baseOf(schema);
  const def = defOf(base);
  const hint =
    def.type === 'enum'
      ? Object.keys(def.entries ?? {}).join('|')
      : def.type === 'object'
        ? 'JSON'
        : def.type === 'array'
          ? 'a,b,…'
          : def.type === 'union'
            ? 'value'
            : def.type;
  return nullable ? `${hint}|null` : hint;
}
