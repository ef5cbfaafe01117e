import { describe, expect, it } from 'vitest';
import {
  ERROR_CATALOGUE,
  ERROR_CODES,
  INPUT_ERROR_CODES,
  UNREACHABLE_RESULT_CODE,
  errorName,
  httpStatusOf,
  isErrorCode,
  isInputErrorCode,
} from '../../src/shared/index.js';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** Every code spec §8 lists. */
const SPEC_CODES = [
  401, 403, 404, 500, 502, 503, 504,
  1001, 1002, 1003,
  ...range(2001, 2015),
  ...range(2101, 2112),
  ...range(2121, 2131),
  ...range(2301, 2308),
  ...range(2501, 2506),
  ...range(2551, 2558),
  ...range(2601, 2609),
  2701,
  ...range(10010001, 10010008),
];

/** Codes of our own where §8 has none that fits (docs/architecture.md, decisions). */
const OWN_CODES = [2140, 2031, 2032, 2033, 2034, 2035, 2036];

describe('error catalogue (§8)', () => {
  it.each(SPEC_CODES)('knows code %i', (code) => {
    expect(isErrorCode(code)).toBe(true);
    expect(ERROR_CODES).toContain(code);
  });

  it('holds no code the spec does not list, but for our own', () => {
    expect([...ERROR_CODES].sort((a, b) => a - b)).toEqual([...SPEC_CODES, ...OWN_CODES].sort((a, b) => a - b));
  });

  it('gives every code a distinct upper-case name', () => {
    const names = ERROR_CODES.map((code) => errorName(code));
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[A-Z][A-Z0-9_]*$/);
  });

  it('sends every code with an HTTP error status (400-599)', () => {
    const invalid = ERROR_CODES.filter((code) => {
      const status = httpStatusOf(code);
      return !Number.isInteger(status) || status < 400 || status > 599;
    });
    expect(invalid).toEqual([]);
  });

  it.each([401, 403, 404, 500, 502, 503, 504] as const)('HTTP code %i travels with its own status', (code) => {
    expect(httpStatusOf(code)).toBe(code);
  });

  it.each([
    [401, 'UNAUTHENTICATED'],
    [1001, 'BAD_PARAMETER'],
    [2004, 'ACCOUNT_OR_PASSWORD_WRONG'],
    [2013, 'NO_DELETE_PERMISSION'],
    [10010002, 'REQUIRED'],
    [10010007, 'CONFIRM_PASSWORD_MISMATCH'],
    [10010008, 'OLD_PASSWORD_WRONG'],
  ] as const)('code %i is named %s', (code, name) => {
    expect(errorName(code)).toBe(name);
    expect(ERROR_CATALOGUE[code].name).toBe(name);
  });

  it.each([
    [1001, true],
    [10010001, true],
    [2701, true],
    [200, false],
    [0, false],
    [1004, false],
    [10010009, false],
    ['1001', false],
    [null, false],
    [undefined, false],
    ['toString', false],
  ])('isErrorCode(%j) is %s', (value, expected) => {
    expect(isErrorCode(value)).toBe(expected);
  });

  it('lists the input errors 10010001-10010008', () => {
    expect([...INPUT_ERROR_CODES].sort((a, b) => a - b)).toEqual(range(10010001, 10010008));
  });

  it.each([
    [10010001, true],
    [10010008, true],
    [10010000, false],
    [10010009, false],
    [1001, false],
    [401, false],
    ['10010002', false],
  ])('isInputErrorCode(%j) is %s', (value, expected) => {
    expect(isInputErrorCode(value)).toBe(expected);
  });

  it('sends input errors with HTTP 400', () => {
    for (const code of INPUT_ERROR_CODES) expect(httpStatusOf(code)).toBe(400);
  });

  it('keeps the unreachable result code 000 out of the catalogue', () => {
    expect(UNREACHABLE_RESULT_CODE).toBe('000');
    expect(isErrorCode(UNREACHABLE_RESULT_CODE)).toBe(false);
    expect(isErrorCode(0)).toBe(false);
  });
});
