// Apart from progress-text.ts: the task screens' lock banner, which every session screen carries,
// needs only this.
import { numberText } from '../../lib/number-text.js';

/** The percent done as a bar draws it: between 0 and 100, one decimal. */
export function boundedPercent(percent: number): number {
  const bounded = Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) : 0;
  return Math.round(bounded * 10) / 10;
}

/** The percent done as text with at most one decimal ("42.5"). */
export function percentText(percent: number): string {
  return numberText(boundedPercent(percent), 1);
}
