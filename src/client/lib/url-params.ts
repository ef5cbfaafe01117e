/** Readers of list views from URL parameters: anything unknown or malformed reads as "not given". */

/** The value among `values` that the raw parameter spells, if any. */
export function oneOf<T extends string | number>(values: readonly T[], raw: string | null): T | undefined {
  if (raw === null) return undefined;
  return values.find((value) => String(value) === raw);
}

/** A whole number from 1 up (a page), written in digits only. */
export function positiveInteger(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return undefined;
  const value = Number(raw);
  return value >= 1 ? value : undefined;
}

/** `?deploy=<task id>` on a task list opens that task's deploy result (inbox messages link there). */
export const DEPLOY_RESULT_PARAM = 'deploy';
