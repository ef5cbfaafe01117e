import { describe, expect, it } from 'vitest';
import { expiresAtOf, localDateText } from '../../../../src/client/features/api-keys/expiry.js';

const NOW = new Date(2026, 10, 26, 9, 30).getTime();
const DAY_MS = 24 * 3600 * 1000;

describe('the expiry a key is created with', () => {
  it('none, or some days from now', () => {
    expect(expiresAtOf('never', '', NOW)).toBeNull();
    expect(expiresAtOf('30', '', NOW)).toBe(NOW + 30 * DAY_MS);
    expect(expiresAtOf('365', '', NOW)).toBe(NOW + 365 * DAY_MS);
  });

  it('a chosen day lasts to its end where the user is; no day is no answer', () => {
    expect(expiresAtOf('date', '2026-12-31', NOW)).toBe(new Date(2026, 11, 31, 23, 59, 59, 999).getTime());
    expect(expiresAtOf('date', '', NOW)).toBeUndefined();
    expect(expiresAtOf('date', '31/12/2026', NOW)).toBeUndefined();
  });

  it('writes a local date as a date input does', () => {
    expect(localDateText(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});
