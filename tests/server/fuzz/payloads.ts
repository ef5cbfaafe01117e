import fc from 'fast-check';
import type { CallDefinition } from '../../../src/shared/calls/define.js';
import { BEYOND_DATE_MS, bodySchemaOf, concrete, sample, typeOf, type JsonSchema } from '../bad-input-cases.js';

/**
 * Bodies for a call that are invalid in one place at a time, generated with fast-check from the
 * call's body schema (zod → JSON Schema, input side): a plausible base body (bad-input-cases.ts's
 * sample), then one field, array element or the root given a wrong type, null, nothing, a number
 * out of range or written as a string, a string too long, too short or of odd unicode, a value
 * outside its choices, an extra level of nesting, a huge array or an unknown key.
 */

export interface JsonCase {
  label: string;
  body: unknown;
}

type Segment = string | number;

/** A place in the body: a field of an object or the first element of an array. */
interface Spot {
  path: Segment[];
  /** The schema as declared (alternatives and null kept). */
  declared: JsonSchema;
  required: boolean;
}

const MAX_DEPTH = 6;

function spotsOf(schema: JsonSchema, path: Segment[] = []): Spot[] {
  const real = concrete(schema);
  if (path.length > MAX_DEPTH) return [];
  if (typeOf(real) === 'array' && real.items) {
    const element: Spot = { path: [...path, 0], declared: real.items, required: false };
    return [element, ...spotsOf(real.items, element.path)];
  }
  if (typeOf(real) !== 'object' || !real.properties) return [];
  return Object.entries(real.properties).flatMap(([key, field]) => {
    const here: Spot = { path: [...path, key], declared: field, required: real.required?.includes(key) ?? false };
    return [here, ...spotsOf(field, here.path)];
  });
}

const REMOVE = Symbol('remove');
type Placed = unknown;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The body with the value at `path` replaced (or removed), the objects and arrays on the way filled from the schema. */
function placed(base: unknown, schema: JsonSchema, path: Segment[], value: Placed): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const real = concrete(schema);
  if (typeof head === 'number') {
    const items = real.items ?? {};
    const list = Array.isArray(base) ? [...(base as unknown[])] : [];
    if (list.length === 0) list.push(sample(items));
    if (rest.length === 0 && value === REMOVE) return [];
    list[0] = placed(list[0], items, rest, value);
    return list;
  }
  const object = isRecord(base) ? { ...base } : isRecord(sample(real)) ? { ...(sample(real) as Record<string, unknown>) } : {};
  const field = real.properties?.[head] ?? {};
  if (rest.length === 0 && value === REMOVE) return Object.fromEntries(Object.entries(object).filter(([key]) => key !== head));
  object[head] = placed(object[head] ?? sample(field), field, rest, value);
  return object;
}

/** The JSON types a declared schema takes (integer counted as number). */
function allowedTypes(schema: JsonSchema): Set<string> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return new Set(alternatives.flatMap((option) => [...allowedTypes(option)]));
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  return new Set(types.map((type) => (type === 'integer' ? 'number' : type)));
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

const anyJson = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.integer(), { maxKeys: 3 }),
);

/** Odd text: control characters, NUL, lone surrogates, direction marks, combining marks, emoji, BOM. */
export const oddText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\uD800', 'x\uDFFFy', '\u202Eevil', 'e\u0301\u0301\u0301', '😀'.repeat(30), '\uFEFFa', ' ', '\t\n', '%00', "'; --", '${x}', '<b>x</b>', '\u2028', '١٢٣'),
);

type Mutation = fc.Arbitrary<{ what: string; value: Placed }>;
const labelled = (what: string, arbitrary: fc.Arbitrary<unknown>): Mutation => arbitrary.map((value) => ({ what, value }));

function numberMutations(real: JsonSchema): Mutation[] {
  const low = real.minimum ?? real.exclusiveMinimum;
  const high = real.maximum;
  const out: Mutation[] = [
    labelled('huge', fc.constantFrom(1e308, -1e308, BEYOND_DATE_MS, -BEYOND_DATE_MS, 2 ** 53, -0)),
    labelled('number as string', fc.oneof(fc.constant(String(sample(real))), fc.constantFrom(' 1', '1e3', '0x10', 'NaN', 'Infinity', '', '1,000'))),
  ];
  if (low !== undefined && low > Number.MIN_SAFE_INTEGER) out.push(labelled('below range', fc.integer({ min: Math.max(low - 1e6, Number.MIN_SAFE_INTEGER), max: low - (real.minimum === undefined ? 0 : 1) })));
  if (high !== undefined && high < Number.MAX_SAFE_INTEGER) out.push(labelled('above range', fc.integer({ min: high + 1, max: Math.min(high + 1e6, Number.MAX_SAFE_INTEGER) })));
  if (typeOf(real) === 'integer') out.push(labelled('fraction', fc.double({ min: -1e6, max: 1e6, noNaN: true }).filter((value) => !Number.isInteger(value))));
  return out;
}

function stringMutations(real: JsonSchema): Mutation[] {
  const out: Mutation[] = [labelled('odd unicode', oddText)];
  if (real.maxLength !== undefined) out.push(labelled('too long', fc.integer({ min: real.maxLength + 1, max: real.maxLength + 64 }).map((length) => 'x'.repeat(length))));
  else out.push(labelled('very long', fc.constantFrom(10_000, 100_000).map((length) => 'é'.repeat(length))));
  if ((real.minLength ?? 0) > 0) out.push(labelled('too short', fc.string({ maxLength: (real.minLength ?? 1) - 1 })));
  if (real.pattern !== undefined || real.format !== undefined) out.push(labelled('bad format', fc.string({ maxLength: 30 })));
  return out;
}

function choiceMutations(real: JsonSchema): Mutation[] {
  const choices = real.enum ?? (real.const === undefined ? undefined : [real.const]);
  if (!choices) return [];
  const outside = fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: -5, max: 400 })).filter((value) => !choices.includes(value));
  const near = fc.constantFrom(...choices).map((choice) => (typeof choice === 'string' ? ` ${choice.toUpperCase()}` : String(choice)));
  return [labelled('bad choice', fc.oneof(outside, near))];
}

function arrayMutations(real: JsonSchema): Mutation[] {
  const element = sample(real.items ?? {});
  const length = real.maxItems === undefined ? fc.constantFrom(10_000, 60_000) : fc.integer({ min: real.maxItems + 1, max: real.maxItems + 20 });
  const out: Mutation[] = [labelled('huge array', length.map((count) => Array.from({ length: count }, () => element)))];
  if ((real.minItems ?? 0) > 0) out.push(labelled('empty array', fc.constant([])));
  return out;
}

/** Every way to make one spot invalid; `current` is its value in the base body. */
function spotMutations(spot: Spot, current: unknown): Mutation[] {
  const real = concrete(spot.declared);
  const allowed = allowedTypes(spot.declared);
  const out: Mutation[] = [
    labelled('wrong type', anyJson.filter((value) => !allowed.has(jsonTypeOf(value)))),
    labelled('extra nesting', fc.constantFrom({ value: current }, [current], [[current]])),
  ];
  if (!allowed.has('null')) out.push(labelled('null', fc.constant(null)));
  if (spot.required) out.push(labelled('missing', fc.constant(REMOVE)));
  const type = typeOf(real);
  if (type === 'integer' || type === 'number') out.push(...numberMutations(real));
  if (type === 'string') out.push(...stringMutations(real));
  if (type === 'array') out.push(...arrayMutations(real));
  if (type === 'object') out.push(labelled('unknown key', fc.string({ minLength: 1, maxLength: 10 }).map((key) => ({ ...(isRecord(current) ? current : {}), [`x${key}`]: 1 }))));
  out.push(...choiceMutations(real));
  return out;
}

function valueAt(body: unknown, path: Segment[]): unknown {
  return path.reduce<unknown>((value, segment) => (value !== null && typeof value === 'object' ? (value as Record<Segment, unknown>)[segment] : undefined), body);
}

/** The root made invalid: not an object, an unknown key, a prototype key, thousands of keys. */
function rootCases(base: unknown): fc.Arbitrary<JsonCase> {
  const root = isRecord(base) ? base : {};
  return fc.oneof(
    anyJson.filter((value) => !isRecord(value)).map((body) => ({ label: `root: ${jsonTypeOf(body)}`, body })),
    fc.string({ minLength: 1, maxLength: 12 }).map((key) => ({ label: 'root: unknown key', body: { ...root, [`u${key}`]: true } })),
    fc.constantFrom('constructor', 'toString', 'hasOwnProperty', 'valueOf').map((key) => ({ label: `root: key ${key}`, body: { ...root, [key]: { polluted: 1 } } })),
    fc.integer({ min: 100, max: 20_000 }).map((count) => ({ label: `root: ${count} unknown keys`, body: { ...root, ...Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, index])) } })),
  );
}

/** One-place-invalid JSON bodies for the call. */
export function invalidBodies(call: CallDefinition): fc.Arbitrary<JsonCase> {
  const schema = bodySchemaOf(call);
  const base = sample(schema);
  const spots = spotsOf(schema);
  const perSpot = spots.map((spot) => {
    const current = valueAt(base, spot.path) ?? sample(spot.declared);
    const name = spot.path.join('.');
    return fc.oneof(...spotMutations(spot, current)).map(({ what, value }) => ({ label: `${name}: ${what}`, body: placed(base, schema, spot.path, value) }));
  });
  return perSpot.length === 0 ? rootCases(base) : fc.oneof({ arbitrary: rootCases(base), weight: 1 }, { arbitrary: fc.oneof(...perSpot), weight: 4 });
}
