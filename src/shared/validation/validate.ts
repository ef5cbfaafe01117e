import type { z } from 'zod';
import type { FieldError } from '../envelope.js';
import { isInputErrorCode, type InputErrorCode } from '../errors.js';

type Issue = z.core.$ZodRawIssue;

/** Catalogue code for an issue that its schema did not label itself. */
function codeForIssue(issue: Issue): InputErrorCode {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 10010002 : 10010001;
    case 'too_big':
      return issue.origin === 'string' ? 10010005 : 10010003;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 10010002 : 10010006;
      if (issue.origin === 'array') return 10010002;
      return 10010003;
    case 'invalid_format':
      return 10010004;
    case 'invalid_value':
    case 'invalid_union':
      return 10010003;
    default:
      return 10010001;
  }
}

function paramsOf(issue: z.core.$ZodIssue): FieldError['params'] {
  if (issue.code === 'too_big') return { max: Number(issue.maximum) };
  if (issue.code === 'too_small') return { min: Number(issue.minimum) };
  if (issue.code === 'custom' && issue.params) return issue.params as FieldError['params'];
  return undefined;
}

function toFieldErrors(issue: z.core.$ZodIssue): FieldError[] {
  // An unknown key is reported on its own field, so the caller sees which one to drop.
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ field: [...issue.path.map(String), key].join('.'), code: 10010001 }));
  }
  const numeric = Number(issue.message);
  const code: InputErrorCode = isInputErrorCode(numeric) ? numeric : 10010001;
  const params = paramsOf(issue);
  const field = issue.path.map(String).join('.');
  return [params ? { field, code, params } : { field, code }];
}

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldError[] };

/** Parses input with a shared schema; failures come back as catalogue field errors. */
export function validate<T extends z.ZodType>(schema: T, input: unknown): Validation<z.infer<T>> {
  const result = schema.safeParse(input, { error: (issue) => String(codeForIssue(issue)) });
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: result.error.issues.flatMap(toFieldErrors) };
}
