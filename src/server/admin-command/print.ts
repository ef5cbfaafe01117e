import type { z } from 'zod';
import errorTexts from '../../../locales/en/errors.json' with { type: 'json' };
import type { CallDefinition } from '../../shared/calls/index.js';
import type { FieldError } from '../../shared/envelope.js';
import { errorName, isErrorCode } from '../../shared/errors.js';
import { bodyFields, flagOf, valueHint } from './flags.js';
import { platformVerbs } from './run.js';

/** What `npm run admin` prints: answers for people (or JSON), refusals with the catalogue's text. */

const TEXTS: Record<string, string> = errorTexts;
/** Answer fields that hold a secret made for this answer: never shown again. */
const SHOWN_ONCE = new Set(['password', 'key']);

function interpolate(text: string, params: Record<string, unknown> | undefined): string {
  return text.replace(/\{\{\s*(\w+)[^}]*\}\}/g, (_match, name: string) => String(params?.[name] ?? name));
}

/** The refusal as the operator reads it; field errors name the flags (`flagFor` when a script spells them its own way). */
export function refusalText(code: number, errors: readonly FieldError[], flagFor: (field: string) => string = flagOf): string {
  const name = isErrorCode(code) ? errorName(code) : 'ERROR';
  const lines = [`Refused: ${TEXTS[String(code)] ?? name} (${code} ${name})`];
  for (const error of errors) {
    const field = error.field === '' ? 'body' : flagFor(error.field.split('.')[0] ?? error.field);
    lines.push(`  ${field}: ${interpolate(TEXTS[String(error.code)] ?? String(error.code), error.params)}`);
  }
  return lines.join('\n');
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'object') {
    return Array.isArray(value)
      ? value.map(scalar).join(',')
      : Object.entries(value as Record<string, unknown>)
          .map(([key, inner]) => `${key}=${scalar(inner)}`)
          .join(' ');
  }
  return String(value);
}

function table(rows: readonly Record<string, unknown>[]): string {
  if (rows.length === 0) return '(none)';
  const columns = Object.keys(rows[0] ?? {});
  const cells = [columns, ...rows.map((row) => columns.map((column) => scalar(row[column])))];
  const widths = columns.map((_column, index) => Math.max(...cells.map((line) => (line[index] ?? '').length)));
  return cells.map((line) => line.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  ').trimEnd()).join('\n');
}

function fieldLines(data: Record<string, unknown>, indent = ''): string[] {
  return Object.entries(data).flatMap(([key, value]) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return [`${indent}${key}:`, ...fieldLines(value as Record<string, unknown>, `${indent}  `)];
    const once = SHOWN_ONCE.has(key) ? '   (shown only this once: keep it now)' : '';
    return [`${indent}${key}: ${scalar(value)}${once}`];
  });
}

/** A list answer (one array field) as a table, any other answer as `field: value` lines. */
export function answerText(data: unknown): string {
  if (data === null || typeof data !== 'object') return scalar(data);
  const entries = Object.entries(data as Record<string, unknown>);
  const [only] = entries;
  if (entries.length === 1 && only && Array.isArray(only[1])) return table(only[1] as Record<string, unknown>[]);
  return fieldLines(data as Record<string, unknown>).join('\n');
}

export const USAGE = `Usage: npm run admin -- <noun> <verb> [--field value ...] [--json] [--by <operator>]
       npm run admin -- help                 every verb
       npm run admin -- <noun> <verb> --help  the verb's fields
Works on VIGIL_DATA_DIR like the server (the server may be running). Every change is logged
with --by (default: your user name); read the log with: npm run admin -- audit list`;

export function helpText(): string {
  const verbs = platformVerbs();
  const width = Math.max(...verbs.map(({ noun, verb }) => `${noun} ${verb}`.length));
  const lines = verbs.map(({ noun, verb, call }) => `  ${`${noun} ${verb}`.padEnd(width)}  ${call.summary.replace(/^Operator: /, '')}`);
  return [USAGE, '', 'Verbs:', ...lines].join('\n');
}

export function verbHelpText(noun: string, verb: string, call: CallDefinition): string {
  const fields = Object.entries(bodyFields(call.body));
  const lines = fields.map(([field, schema]) => {
    const optional = (schema as z.ZodType).safeParse(undefined).success;
    return `  ${flagOf(field)} <${valueHint(schema)}>${optional ? '  (optional)' : ''}`;
  });
  return [`npm run admin -- ${noun} ${verb}${fields.length > 0 ? ' [fields]' : ''}`, call.summary, '', ...(lines.length > 0 ? lines : ['  (no fields)'])].join('\n');
}
