import { z } from 'zod';
import { ENABLE_STATUS } from '../codes.js';
import { FREQUENCIES_MINUTES, LIMITS } from '../constants.js';
import type { InputErrorCode } from '../errors.js';
import {
  codePointLength,
  isCompanyTaxId,
  isDomain,
  isDomainOrIP,
  isIP,
  isIPPort,
  isNumberOrDecimalText,
  isNumberText,
  isPort,
} from './predicates.js';

/**
 * The §5 rules as zod schemas. Every message is an input error code (10010001-10010008) so the
 * server answers it inside 1001 and the client shows its catalogue text.
 */

const code = (value: InputErrorCode): string => String(value);

interface TextBounds {
  min?: number;
  max?: number;
}

function boundedText({ min = 1, max }: TextBounds, allowEmpty: boolean) {
  return z.string().check((ctx) => {
    const length = codePointLength(ctx.value);
    if (length === 0) {
      if (!allowEmpty) ctx.issues.push({ code: 'custom', message: code(10010002), input: ctx.value });
    } else if (length < min) {
      ctx.issues.push({ code: 'custom', message: code(10010006), input: ctx.value, params: { min } });
    } else if (max !== undefined && length > max) {
      ctx.issues.push({ code: 'custom', message: code(10010005), input: ctx.value, params: { max } });
    }
  });
}

/** Required text whose length (in code points) lies within bounds. Empty text is "required". */
export function requiredText(bounds: TextBounds = {}) {
  return boundedText(bounds, false);
}

/** Optional text: empty is allowed, otherwise its length lies within bounds. */
export function optionalText(bounds: TextBounds) {
  return boundedText(bounds, true);
}

function formatted(predicate: (value: string) => boolean, bounds: TextBounds = {}) {
  return requiredText(bounds).refine(predicate, { message: code(10010004), abort: true });
}

export const accountRule = requiredText({ min: LIMITS.accountMin, max: LIMITS.accountMax }).regex(/^[a-z0-9]+$/, {
  message: code(10010004),
});

// Control characters cannot be typed and only hide mistakes.
const hasNoControlCharacters = (value: string) => !/\p{Cc}/u.test(value);
const passwordBounds = { min: LIMITS.passwordMin, max: LIMITS.passwordMax };

export const passwordRule = requiredText(passwordBounds).refine(hasNoControlCharacters, { message: code(10010004) });
/** A password field that may stay empty (the new password of a profile update). */
export const optionalPasswordRule = optionalText(passwordBounds).refine(hasNoControlCharacters, {
  message: code(10010004),
});

export const emailRule = requiredText({ max: LIMITS.nameMax }).pipe(z.email({ message: code(10010004) }));
export const companyTaxIdRule = formatted(isCompanyTaxId);
export const domainRule = formatted(isDomain, { max: 253 });
export const ipRule = formatted(isIP);
export const ipPortRule = formatted(isIPPort);
export const domainOrIpRule = formatted(isDomainOrIP, { max: 253 });
export const numberTextRule = formatted(isNumberText);
export const numberOrDecimalTextRule = formatted(isNumberOrDecimalText);

const isMissing = (input: unknown) => input === undefined || input === null;

/** A number input: a missing value is "required", any other non-number is a type error. */
function numberInput() {
  return z.number({ error: (issue) => code(isMissing(issue.input) ? 10010002 : 10010001) });
}

export const portRule = numberInput()
  .int({ message: code(10010001) })
  .refine(isPort, { message: code(10010003), params: { min: LIMITS.portMin, max: LIMITS.portMax } });

export const enableStatusRule = z.union([z.literal(ENABLE_STATUS.ENABLED), z.literal(ENABLE_STATUS.DISABLED)], {
  error: (issue) => {
    if (isMissing(issue.input)) return code(10010002);
    return code(typeof issue.input === 'number' ? 10010003 : 10010001);
  },
});

export const frequencyRule = numberInput()
  .refine((value) => (FREQUENCIES_MINUTES as readonly number[]).includes(value), { message: code(10010003) });

export const nameRule = requiredText({ max: LIMITS.nameMax });
export const otherPathRule = optionalText({ min: 0, max: LIMITS.pathMax });
export const groupNameRule = requiredText({ max: LIMITS.groupNameMax });
export const tagNameRule = requiredText({ max: LIMITS.tagNameMax });

/** Matching IPs: several, one per line; blank lines are ignored but still counted in the line number. */
export const matchingIpsRule = z.string().check((ctx) => {
  const lines = ctx.value.split(/\r?\n/).map((line) => line.trim());
  const badLine = lines.findIndex((line) => line.length > 0 && !isIP(line));
  if (badLine >= 0) {
    ctx.issues.push({ code: 'custom', message: code(10010004), input: ctx.value, params: { line: badLine + 1 } });
  }
});

export const failedLogCountRule = numberInput()
  .int({ message: code(10010001) })
  .min(LIMITS.failedLogCountMin, { message: code(10010003) })
  .max(LIMITS.failedLogCountMax, { message: code(10010003) });

/** At least one entry selected (monitor nodes, DNS servers). */
export function atLeastOne<T extends z.ZodType>(item: T) {
  return z.array(item).min(1, { message: code(10010002) });
}

/**
 * The last millisecond of year 9999: beyond it an ISO-8601 time needs six-digit years, and past
 * 8.64e15 ms a JavaScript Date is invalid, so larger times are refused with the field (10010003).
 */
export const EPOCH_MS_MAX = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** A point in time in epoch milliseconds, from 1970 to the end of year 9999. */
export const epochMsRule = numberInput()
  .int({ message: code(10010001) })
  .min(0, { message: code(10010003) })
  .max(EPOCH_MS_MAX, { message: code(10010003) });
