import { isoTime } from '../db/columns.js';
import type { TimeRange } from './range-pieces.js';

/** A range as answers carry it (ISO times), e.g. the `covered` part of an asked range. */
export const isoRangeOf = (range: TimeRange): { from: string; to: string } => ({ from: isoTime(range.from), to: isoTime(range.to) });
