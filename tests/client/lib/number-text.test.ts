import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/shared/index.js';
import { numberText } from '../../../src/client/lib/number-text.js';

const VALUES = [
  0, -0, 1, 7, 9.95, 9.949, 10, 99.995, 99.994, 97.125, 1.005, 2.675, 0.5, 1.5, 2.5, -2.5, -0.001, 0.0000001, 123.456789, 999.9996, 1000,
  1234.5, 65535, 100000, 1234567.891, 987654321.123, 99999999999999,
];

/** Values as list rows and pagers meet them: percents, response times, counts. */
function sampled(): number[] {
  const values = [...VALUES];
  let seed = 7;
  for (let index = 0; index < 2000; index += 1) {
    seed = (seed * 48271) % 2147483647;
    const magnitude = 10 ** ((seed % 9) - 2);
    values.push(Math.round((seed / 2147483647) * magnitude * 1e5) / 1e5);
  }
  return values;
}

describe('numberText', () => {
  it.each(LANGUAGES)('writes every number as Intl.NumberFormat does in %s', (language) => {
    for (const digits of [0, 1, 2, 3]) {
      const intl = new Intl.NumberFormat(language, { maximumFractionDigits: digits });
      for (const value of sampled()) expect(numberText(value, digits), `${value} at ${digits} digits`).toBe(intl.format(value));
    }
  });

  it('writes the task list texts', () => {
    expect(numberText(97.123, 2)).toBe('97.12');
    expect(numberText(100, 2)).toBe('100');
    expect(numberText(1234.56, 0)).toBe('1,235');
    expect(numberText(1.005, 2)).toBe('1.01');
  });
});
