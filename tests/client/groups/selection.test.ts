import { describe, expect, it } from 'vitest';
import { BATCH_MAX, refreshedRows, rowsInUseFirst, toggleRow, togglePageRows, type SelectedRows } from '../../../src/client/features/groups/selection.js';
import { LIMITS } from '../../../src/shared/index.js';

const row = (id: number, taskCount = 0) => ({ id, name: `g${id}`, taskCount });
const none: SelectedRows = new Map();
const ids = (selected: SelectedRows) => [...selected.keys()];

describe('bulk delete selection', () => {
  it('holds at most one batch of the shared maximum', () => {
    expect(BATCH_MAX).toBe(LIMITS.bulkDeleteMax);
    let selected = none;
    for (let id = 1; id <= 3; id += 1) selected = toggleRow(selected, row(id), 2);
    expect(ids(selected)).toEqual([1, 2]);
    expect(ids(toggleRow(selected, row(1), 2))).toEqual([2]);
  });

  it('selects a whole page up to the maximum, and clears it when all of it is selected', () => {
    const page = [row(1), row(2), row(3)];
    const some = toggleRow(none, row(2));
    const all = togglePageRows(some, page);
    expect(ids(all)).toEqual([2, 1, 3]);
    expect(ids(togglePageRows(all, page))).toEqual([]);
    expect(ids(togglePageRows(toggleRow(none, row(9)), page, 2))).toEqual([9, 1]);
    expect(togglePageRows(none, [])).toEqual(none);
  });

  it('keeps the selection across pages and takes fresh task counts from each answer', () => {
    const selected = togglePageRows(none, [row(1, 0), row(2, 0)]);
    const refreshed = refreshedRows(selected, [row(2, 7), row(3, 1)]);
    expect([...refreshed.values()]).toEqual([row(1, 0), row(2, 7)]);
    expect(refreshedRows(none, [row(1)])).toBe(none);
  });

  it('lists the rows that tasks use first in the confirmation', () => {
    const selected = togglePageRows(none, [row(1, 0), row(2, 4), row(3, 0), row(4, 1)]);
    expect(rowsInUseFirst(selected).map((entry) => entry.id)).toEqual([2, 4, 1, 3]);
  });
});
