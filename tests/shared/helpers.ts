import type { z } from 'zod';
import { validate } from '../../src/shared/index.js';

/**
 * What the user sees for one input: 'ok', the single catalogue code, or every code when a value
 * breaks several rules at once.
 */
export function outcome(schema: z.ZodType, input: unknown): 'ok' | number | number[] {
  const result = validate(schema, input);
  if (result.ok) return 'ok';
  const codes = result.errors.map((error) => error.code);
  return codes.length === 1 ? (codes[0] ?? []) : codes;
}

/** The field errors of a failed validation (an empty list when it passed). */
export function fieldErrors(schema: z.ZodType, input: unknown) {
  const result = validate(schema, input);
  return result.ok ? [] : result.errors;
}
