/**
 * A number as the console's languages write it (zh-TW, zh-CN and en alike: Latin digits, "," between
 * thousands, "." before decimals), rounded half away from zero as Intl.NumberFormat rounds.
 *
 * Why not Intl.NumberFormat: the first one a page builds costs 25-90 ms (ICU's number data), and
 * the task list's rows and pager were the first, on the path of a cold start's first paint.
 * tests/client/lib/number-text.test.ts keeps the texts equal to Intl's in every console language.
 */
export function numberText(value: number, maximumFractionDigits = 3): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e15) return new Intl.NumberFormat('en', { maximumFractionDigits }).format(value);
  const [whole = '0', fraction] = roundedMagnitude(Math.abs(value), maximumFractionDigits).toFixed(maximumFractionDigits).split('.');
  const decimals = fraction?.replace(/0+$/, '') ?? '';
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${decimals ? `.${decimals}` : ''}`;
}

/** Rounded on the number's shortest decimal form (1.005 → 1.01), as ICU does, not on its binary value (1.00). */
function roundedMagnitude(magnitude: number, digits: number): number {
  const text = String(magnitude);
  // Below 1e-6 the form has an exponent; such a number rounds to 0 at any precision shown here.
  if (text.includes('e')) return Number(magnitude.toFixed(digits));
  return Number(`${Math.round(Number(`${text}e${digits}`))}e-${digits}`);
}
