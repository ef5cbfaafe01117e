import type { z } from 'zod';

/** A JSON text column read through a schema; null when empty, unreadable or not of that shape. */
export function parseJsonColumn<T extends z.ZodType>(schema: T, text: string | null): z.output<T> | null {
  if (text === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** An epoch-milliseconds column as the ISO-8601 text calls carry. */
export const isoTime = (ms: number): string => new Date(ms).toISOString();

export const isoTimeOrNull = (ms: number | null): string | null => (ms === null ? null : isoTime(ms));
