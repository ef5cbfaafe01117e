import { z } from 'zod';
import type { ErrorCode, InputErrorCode } from './errors.js';

/** Code of a successful answer. */
export const OK_CODE = 200;

/** One offending field of a 1001 answer. */
export const FieldError = z.object({
  field: z.string(),
  code: z.number().int(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type FieldError = z.infer<typeof FieldError> & { code: InputErrorCode };

/** Every answer of the API: `{status, code, name, message, data}`. */
export const Envelope = z.object({
  status: z.boolean(),
  code: z.union([z.number().int(), z.string()]),
  name: z.string(),
  message: z.string(),
  data: z.unknown(),
});
export type Envelope = z.infer<typeof Envelope>;

export interface SuccessEnvelope<T> {
  status: true;
  code: typeof OK_CODE;
  name: 'OK';
  message: '';
  data: T;
}

/** A 1001 answer lists at most this many field errors; `moreErrors` counts the rest. */
export const FIELD_ERRORS_MAX = 20;

export interface FieldErrorsData {
  errors: FieldError[];
  /** Field errors left out beyond FIELD_ERRORS_MAX (absent when none were). */
  moreErrors?: number;
}

export interface ErrorEnvelope {
  status: false;
  code: ErrorCode;
  name: string;
  message: string;
  data: FieldErrorsData | null;
}

export function successEnvelope<T>(data: T): SuccessEnvelope<T> {
  return { status: true, code: OK_CODE, name: 'OK', message: '', data };
}

/** Wraps an answer schema into its success envelope schema (for the OpenAPI document and the client). */
export function successEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.literal(true),
    code: z.literal(OK_CODE),
    name: z.literal('OK'),
    message: z.literal(''),
    data,
  });
}
