import { z } from 'zod';
import type { CallDefinition } from '../../src/shared/calls/define.js';

/**
 * Bad bodies for a call, derived from its body schema alone (as JSON Schema, input side), so a
 * call added to the table is covered without anyone listing it: a plausible base body, then one
 * field at a time given a wrong type, a number far beyond any range (times beyond what a Date
 * holds), or an overlong string; thousands of unknown keys; and bodies that are not objects.
 */

export type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
};

export interface BadCase {
  label: string;
  body: unknown;
}

/** Beyond the JavaScript Date range (8.64e15 ms), yet a safe integer. */
export const BEYOND_DATE_MS = 8_640_000_000_000_001;
const HUGE_NUMBERS = [BEYOND_DATE_MS, 1e308, -BEYOND_DATE_MS];
export const UNKNOWN_KEYS = 5_000;
const OVERLONG_TEXT = 'x'.repeat(100_000);

export function bodySchemaOf(call: CallDefinition): JsonSchema {
  return z.toJSONSchema(call.body, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The schema's first alternative that is not null (an optional or nullable field's real type). */
export function concrete(schema: JsonSchema): JsonSchema {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (!alternatives) return schema;
  return concrete(alternatives.find((option) => option.type !== 'null') ?? alternatives[0] ?? {});
}

export function typeOf(schema: JsonSchema): string | undefined {
  const { type } = concrete(schema);
  return Array.isArray(type) ? type[0] : type;
}

function sampleNumber(schema: JsonSchema): number {
  const low = schema.minimum ?? (schema.exclusiveMinimum === undefined ? undefined : schema.exclusiveMinimum + 1);
  return Math.min(Math.max(1, low ?? 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
}

/** A plausible value: required fields only, the first of any choice, 1 for numbers. */
export function sample(schema: JsonSchema): unknown {
  const real = concrete(schema);
  if (real.const !== undefined) return real.const;
  if (real.enum) return real.enum[0];
  switch (typeOf(real)) {
    case 'object':
      return Object.fromEntries((real.required ?? []).map((key) => [key, sample(real.properties?.[key] ?? {})]));
    case 'array':
      return Array.from({ length: real.minItems ?? 0 }, () => sample(real.items ?? {}));
    case 'integer':
    case 'number':
      return sampleNumber(real);
    case 'string':
      return 'a'.repeat(Math.max(1, real.minLength ?? 1));
    case 'boolean':
      return true;
    default:
      return null;
  }
}

interface Leaf {
  path: string[];
  schema: JsonSchema;
  /** The object holding the leaf, for fields that come in pairs (from/to). */
  siblings: Record<string, JsonSchema>;
}

/** Every field reachable through objects (optional ones too), the path to it and its schema. */
function leavesOf(schema: JsonSchema, path: string[] = []): Leaf[] {
  const real = concrete(schema);
  if (typeOf(real) !== 'object' || !real.properties) return [];
  return Object.entries(real.properties).flatMap(([key, field]) => {
    const here: Leaf = { path: [...path, key], schema: concrete(field), siblings: real.properties ?? {} };
    return [here, ...leavesOf(field, here.path)];
  });
}

/** The base body with the value at `path` replaced, creating the objects on the way. */
function withValue(base: unknown, path: string[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const object = typeof base === 'object' && base !== null && !Array.isArray(base) ? (base as Record<string, unknown>) : {};
  return { ...object, [head]: withValue(object[head], rest, value) };
}

function wrongTypeOf(schema: JsonSchema): unknown {
  switch (typeOf(schema)) {
    case 'string':
      return 12_345;
    case 'integer':
    case 'number':
      return '12345';
    case 'boolean':
      return 'yes';
    case 'array':
      return { not: 'a list' };
    case 'object':
      return ['not', 'an', 'object'];
    default:
      return { unexpected: [true] };
  }
}

function isNumeric(schema: JsonSchema): boolean {
  const type = typeOf(schema);
  return type === 'integer' || type === 'number';
}

function leafCases(base: unknown, leaf: Leaf): BadCase[] {
  const name = leaf.path.join('.');
  const cases: BadCase[] = [{ label: `${name}: wrong type`, body: withValue(base, leaf.path, wrongTypeOf(leaf.schema)) }];
  if (isNumeric(leaf.schema)) {
    for (const huge of HUGE_NUMBERS) cases.push({ label: `${name}: ${huge}`, body: withValue(base, leaf.path, huge) });
  }
  if (typeOf(leaf.schema) === 'string') cases.push({ label: `${name}: overlong`, body: withValue(base, leaf.path, OVERLONG_TEXT) });
  if (typeOf(leaf.schema) === 'array' && leaf.schema.items && isNumeric(concrete(leaf.schema.items))) {
    cases.push({ label: `${name}: [huge]`, body: withValue(base, leaf.path, [BEYOND_DATE_MS]) });
  }
  return cases;
}

/** A time range's ends beyond what a Date holds, as a pair, so the rest of the body can pass. */
function timePairCases(base: unknown, leaves: Leaf[]): BadCase[] {
  return leaves
    .filter((leaf) => leaf.path.at(-1) === 'from' && isNumeric(leaf.schema) && leaf.siblings.to && isNumeric(concrete(leaf.siblings.to)))
    .flatMap((leaf) => {
      const at = leaf.path.slice(0, -1);
      const pair = (from: number, to: number) => withValue(withValue(base, [...at, 'from'], from), [...at, 'to'], to);
      const name = [...at, 'from/to'].join('.');
      return [
        { label: `${name}: beyond Date`, body: pair(BEYOND_DATE_MS, BEYOND_DATE_MS + 60_000) },
        { label: `${name}: end beyond Date`, body: pair(BEYOND_DATE_MS - 60_000, BEYOND_DATE_MS) },
        { label: `${name}: 0 to beyond Date`, body: pair(0, BEYOND_DATE_MS) },
      ];
    });
}

function unknownKeys(count: number): Record<string, number> {
  return Object.fromEntries(Array.from({ length: count }, (_, index) => [`unknown${index}`, index]));
}

function unknownKeyCases(base: unknown, leaves: Leaf[]): BadCase[] {
  const root = typeof base === 'object' && base !== null && !Array.isArray(base) ? base : {};
  const cases: BadCase[] = [{ label: `${UNKNOWN_KEYS} unknown keys`, body: { ...root, ...unknownKeys(UNKNOWN_KEYS) } }];
  const nested = leaves.find((leaf) => typeOf(leaf.schema) === 'object');
  if (nested) {
    const inner = sample(nested.schema) as Record<string, unknown>;
    cases.push({ label: `${nested.path.join('.')}: ${UNKNOWN_KEYS} unknown keys`, body: withValue(base, nested.path, { ...inner, ...unknownKeys(UNKNOWN_KEYS) }) });
  }
  return cases;
}

/** Every bad body for the call; each must be refused (or harmlessly accepted) with an envelope. */
export function badBodies(call: CallDefinition): BadCase[] {
  const schema = bodySchemaOf(call);
  const base = sample(schema);
  const leaves = leavesOf(schema);
  return [
    { label: 'a list', body: [1, 2, 3] },
    { label: 'a string', body: 'text' },
    { label: 'a number', body: BEYOND_DATE_MS },
    ...leaves.flatMap((leaf) => leafCases(base, leaf)),
    ...timePairCases(base, leaves),
    ...unknownKeyCases(base, leaves),
  ];
}

/** A plausible body for the call (for filling its path and checking the paths around it). */
export function sampleBody(call: CallDefinition): unknown {
  return sample(bodySchemaOf(call));
}
