import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../constants.js';

/** Strict, like every call body: unknown fields are a bad parameter (1001), not silently dropped. */
export const Paging = z.strictObject({
  page: z.number().int().min(1).default(1),
  pageSize: z
    .number()
    .int()
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size))
    .default(DEFAULT_PAGE_SIZE),
});
export type Paging = z.infer<typeof Paging>;

/** ISO-8601 timestamp text. */
export const Timestamp = z.string();

/**
 * The part of an asked range a figure covers: the range itself, unless the finer data at an edge was
 * already pruned and the edge moved inward to the next whole minute, hour or day that is kept.
 */
export const CoveredRange = z.object({ from: Timestamp, to: Timestamp });

/** An id that arrives in the URL path (text) or in a body (number). */
export const PathId = z.union([z.number(), z.string()]).pipe(z.coerce.number<string | number>().int().positive());
