import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  FREQUENCIES_MINUTES,
  accountRule,
  atLeastOne,
  companyTaxIdRule,
  emailRule,
  enableStatusRule,
  failedLogCountRule,
  frequencyRule,
  groupNameRule,
  nameRule,
  numberOrDecimalTextRule,
  numberTextRule,
  otherPathRule,
  passwordRule,
  tagNameRule,
  validate,
} from '../../src/shared/index.js';
import { fieldErrors, outcome } from './helpers.js';

const TYPE = 10010001;
const REQUIRED = 10010002;
const RANGE = 10010003;
const FORMAT = 10010004;
const TOO_LONG = 10010005;
const TOO_SHORT = 10010006;

describe('account (5-20 lowercase letters and digits)', () => {
  it.each([
    ['4 characters', 'abcd', TOO_SHORT],
    ['5 characters', 'abcde', 'ok'],
    ['20 characters', 'a1'.repeat(10), 'ok'],
    ['21 characters', 'a'.repeat(21), TOO_LONG],
    ['digits only', '12345', 'ok'],
    ['an uppercase letter', 'Abcde', FORMAT],
    ['a space inside', 'ab cde', FORMAT],
    ['a leading space', ' abcde', FORMAT],
    ['a trailing space', 'abcde ', FORMAT],
    ['a unicode letter', 'abcdé', FORMAT],
    ['CJK letters', '帳號帳號帳號', FORMAT],
    ['a hyphen', 'abc-de', FORMAT],
    ['an underscore', 'abc_de', FORMAT],
    ['an at sign', 'abc@de', FORMAT],
    ['empty text', '', REQUIRED],
    ['a number', 12345, TYPE],
    ['nothing', undefined, REQUIRED],
    ['null', null, REQUIRED],
  ])('%s (%j) → %s', (_label, input, expected) => {
    expect(outcome(accountRule, input)).toEqual(expected);
  });
});

describe('password (6-20 characters)', () => {
  it.each([
    ['5 characters', '12345', TOO_SHORT],
    ['6 characters', '123456', 'ok'],
    ['20 characters', 'x'.repeat(20), 'ok'],
    ['21 characters', 'x'.repeat(21), TOO_LONG],
    ['6 emoji (12 UTF-16 units)', '😀'.repeat(6), 'ok'],
    ['20 emoji (40 UTF-16 units)', '😀'.repeat(20), 'ok'],
    ['21 emoji', '😀'.repeat(21), TOO_LONG],
    ['5 emoji', '😀'.repeat(5), TOO_SHORT],
    ['6 CJK characters', '密碼密碼密碼', 'ok'],
    ['21 CJK characters', '密'.repeat(21), TOO_LONG],
    ['spaces inside', 'ab cd ef', 'ok'],
    ['symbols', 'P@ss!#%&', 'ok'],
    ['a NUL character', 'abc\u0000def', FORMAT],
    ['a tab', 'abc\tdef', FORMAT],
    ['a line break', 'abc\ndef', FORMAT],
    ['empty text', '', REQUIRED],
    ['a number', 123456, TYPE],
    ['nothing', undefined, REQUIRED],
  ])('%s → %s', (_label, input, expected) => {
    expect(outcome(passwordRule, input)).toEqual(expected);
  });
});

describe('email', () => {
  it.each([
    ['user@example.com', 'ok'],
    ['first.last+tag@sub.example.com.tw', 'ok'],
    ['a@b.co', 'ok'],
    ['plain', FORMAT],
    ['user@host', FORMAT],
    ['@example.com', FORMAT],
    ['user@', FORMAT],
    ['user@@example.com', FORMAT],
    ['us er@example.com', FORMAT],
    [' user@example.com', FORMAT],
    ['', REQUIRED],
    [`${'a'.repeat(244)}@example.com`, TOO_LONG],
  ])('%j → %s', (input, expected) => {
    expect(outcome(emailRule, input)).toEqual(expected);
  });
});

describe('company tax id (Taiwan unified business number)', () => {
  it.each([
    ['22099131', 'ok'],
    ['04595257', 'ok'],
    ['97162640', 'ok'],
    // Seventh digit 7: valid only when its product 28 counts as 1 (sum 20) rather than 10 (sum 29).
    ['10458574', 'ok'],
    ['10458575', 'ok'],
    ['22099132', FORMAT],
    ['04595258', FORMAT],
    ['10458573', FORMAT],
    ['1234567', FORMAT],
    ['123456789', FORMAT],
    ['2209913a', FORMAT],
    ['2209 9131', FORMAT],
    [' 22099131', FORMAT],
    ['', REQUIRED],
    [22099131, TYPE],
  ])('%j → %s', (input, expected) => {
    expect(outcome(companyTaxIdRule, input)).toEqual(expected);
  });
});

describe('number text and number-or-decimal text', () => {
  it.each([
    ['1', 'ok', 'ok'],
    ['0', 'ok', 'ok'],
    ['120', 'ok', 'ok'],
    ['1.5', FORMAT, 'ok'],
    ['0.25', FORMAT, 'ok'],
    ['1.', FORMAT, FORMAT],
    ['.5', FORMAT, FORMAT],
    ['-1', FORMAT, FORMAT],
    [' 1', FORMAT, FORMAT],
    ['1 ', FORMAT, FORMAT],
    ['1e3', FORMAT, FORMAT],
    ['1.2.3', FORMAT, FORMAT],
    ['abc', FORMAT, FORMAT],
    ['', REQUIRED, REQUIRED],
  ])('%j → number %s, decimal %s', (input, asNumber, asDecimal) => {
    expect(outcome(numberTextRule, input)).toEqual(asNumber);
    expect(outcome(numberOrDecimalTextRule, input)).toEqual(asDecimal);
  });
});

describe('enable status and frequency', () => {
  it.each([
    [1, 'ok'],
    [2, 'ok'],
    [0, RANGE],
    [3, RANGE],
    ['1', TYPE],
    [undefined, REQUIRED],
  ])('enable status %j → %s', (input, expected) => {
    expect(outcome(enableStatusRule, input)).toEqual(expected);
  });

  it.each(FREQUENCIES_MINUTES.map((minutes) => [minutes]))('frequency %i minutes is accepted', (minutes) => {
    expect(outcome(frequencyRule, minutes)).toBe('ok');
  });

  it.each([
    [3, RANGE],
    [0, RANGE],
    [120, RANGE],
    [-5, RANGE],
    ['5', TYPE],
    [undefined, REQUIRED],
  ])('frequency %j → %s', (input, expected) => {
    expect(outcome(frequencyRule, input)).toEqual(expected);
  });
});

describe('text lengths', () => {
  it.each([
    ['name', nameRule, 255],
    ['group name', groupNameRule, 50],
    ['tag name', tagNameRule, 50],
    ['other path', otherPathRule, 100],
  ])('%s allows %i characters and refuses one more', (_label, rule, max) => {
    expect(outcome(rule, 'a'.repeat(max))).toBe('ok');
    expect(fieldErrors(rule, 'a'.repeat(max + 1))).toEqual([{ field: '', code: TOO_LONG, params: { max } }]);
  });

  it.each([
    ['name', nameRule, 255],
    ['group name', groupNameRule, 50],
    ['tag name', tagNameRule, 50],
    ['other path', otherPathRule, 100],
  ])('%s counts CJK text and emoji per character', (_label, rule, max) => {
    expect(outcome(rule, '監'.repeat(max))).toBe('ok');
    expect(outcome(rule, '😀'.repeat(max))).toBe('ok');
    expect(outcome(rule, '監'.repeat(max + 1))).toBe(TOO_LONG);
  });

  it.each([
    ['name', nameRule, REQUIRED],
    ['group name', groupNameRule, REQUIRED],
    ['tag name', tagNameRule, REQUIRED],
    ['other path', otherPathRule, 'ok'],
  ])('%s left empty → %s', (_label, rule, expected) => {
    expect(outcome(rule, '')).toBe(expected);
  });
});

describe('selections and counts', () => {
  const nodes = atLeastOne(z.number().int());

  it.each([
    [[], REQUIRED],
    [[7], 'ok'],
    [[1, 2, 3], 'ok'],
    [undefined, REQUIRED],
  ])('monitor node selection %j → %s', (input, expected) => {
    expect(outcome(nodes, input)).toEqual(expected);
  });

  it.each([
    [0, RANGE],
    [1, 'ok'],
    [25, 'ok'],
    [50, 'ok'],
    [51, RANGE],
    [1.5, TYPE],
    ['10', TYPE],
    [undefined, REQUIRED],
  ])('failed-log count %j → %s', (input, expected) => {
    expect(outcome(failedLogCountRule, input)).toEqual(expected);
  });

  it('tells the client the failed-log bounds', () => {
    expect(fieldErrors(failedLogCountRule, 0)).toEqual([{ field: '', code: RANGE, params: { min: 1 } }]);
    expect(fieldErrors(failedLogCountRule, 51)).toEqual([{ field: '', code: RANGE, params: { max: 50 } }]);
  });
});

describe('validate()', () => {
  const form = z.object({
    account: accountRule,
    task: z.object({ name: nameRule, tags: z.array(tagNameRule) }),
  });

  it('returns the parsed data when everything is valid', () => {
    const input = { account: 'vigil01', task: { name: 'Home page', tags: ['web'] } };
    expect(validate(form, input)).toEqual({ ok: true, data: input });
  });

  it('reports each offending field by its dotted path, with code and bounds', () => {
    const result = validate(form, { account: 'abc', task: { name: '', tags: ['ok', 't'.repeat(51)] } });
    expect(result).toEqual({
      ok: false,
      errors: [
        { field: 'account', code: TOO_SHORT, params: { min: 5 } },
        { field: 'task.name', code: REQUIRED },
        { field: 'task.tags.1', code: TOO_LONG, params: { max: 50 } },
      ],
    });
  });

  it('reports missing fields as required and wrong types as type errors', () => {
    expect(fieldErrors(form, { task: { name: 42, tags: 'web' } })).toEqual([
      { field: 'account', code: REQUIRED },
      { field: 'task.name', code: TYPE },
      { field: 'task.tags', code: TYPE },
    ]);
  });

  it('maps plain zod checks to catalogue codes', () => {
    const plain = z.object({ text: z.string().min(3).max(5), count: z.number().min(1).max(9), kind: z.enum(['a', 'b']) });
    expect(fieldErrors(plain, { text: 'ab', count: 10, kind: 'c' })).toEqual([
      { field: 'text', code: TOO_SHORT, params: { min: 3 } },
      { field: 'count', code: RANGE, params: { max: 9 } },
      { field: 'kind', code: RANGE },
    ]);
    expect(fieldErrors(plain, { text: 'abcdef', count: 0, kind: 'a' })).toEqual([
      { field: 'text', code: TOO_LONG, params: { max: 5 } },
      { field: 'count', code: RANGE, params: { min: 1 } },
    ]);
  });

  it('only ever answers input error codes', () => {
    const errors = fieldErrors(z.object({ a: z.email(), b: z.url(), c: z.tuple([z.string()]) }), { a: 'x', b: 'y', c: [] });
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) expect(error.code).toBeGreaterThanOrEqual(10010001);
    for (const error of errors) expect(error.code).toBeLessThanOrEqual(10010008);
  });
});
