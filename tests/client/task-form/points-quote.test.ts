import { describe, expect, it } from 'vitest';
import { pointsQuoteOf } from '../../../src/client/features/task-form/points-quote.js';
import { FREQUENCIES_MINUTES } from '../../../src/shared/index.js';

describe('points quote as the user edits', () => {
  it('costs distinct nodes × checks per hour, the server formula', () => {
    expect(pointsQuoteOf({ frequencyMinutes: 5, nodeIds: [1, 2, 2] })).toMatchObject({ nodes: 2, perNode: 12, cost: 24, held: 0, delta: 24 });
    const perNode = FREQUENCIES_MINUTES.map((minutes) => pointsQuoteOf({ frequencyMinutes: minutes, nodeIds: [7] }).cost);
    expect(perNode).toEqual([60, 30, 12, 6, 4, 3, 2, 1]);
    expect(pointsQuoteOf({ frequencyMinutes: 5, nodeIds: [] }).cost).toBe(0);
  });

  it('knows nothing about coverage until the remaining points are known', () => {
    expect(pointsQuoteOf({ frequencyMinutes: 1, nodeIds: [1] })).toMatchObject({ remaining: null, remainingAfter: null, sufficient: null });
  });

  it('says whether a new task fits the remaining points, to the point', () => {
    expect(pointsQuoteOf({ frequencyMinutes: 1, nodeIds: [1, 2], remaining: 120 })).toMatchObject({
      cost: 120,
      sufficient: true,
      remainingAfter: 0,
    });
    expect(pointsQuoteOf({ frequencyMinutes: 1, nodeIds: [1, 2], remaining: 119 })).toMatchObject({ sufficient: false, remainingAfter: -1 });
  });

  it('charges an edit only the difference from what the task holds', () => {
    const dearer = pointsQuoteOf({ frequencyMinutes: 1, nodeIds: [1, 2], held: 24, remaining: 100 });
    expect(dearer).toMatchObject({ cost: 120, held: 24, delta: 96, sufficient: true, remainingAfter: 4 });
    expect(pointsQuoteOf({ frequencyMinutes: 1, nodeIds: [1, 2], held: 24, remaining: 95 }).sufficient).toBe(false);
  });

  it('never refuses an edit that costs the same or gives points back, even with nothing left', () => {
    const cheaper = pointsQuoteOf({ frequencyMinutes: 60, nodeIds: [1], held: 24, remaining: 0 });
    expect(cheaper).toMatchObject({ cost: 1, delta: -23, sufficient: true, remainingAfter: 23 });
    expect(pointsQuoteOf({ frequencyMinutes: 5, nodeIds: [1, 2], held: 24, remaining: null })).toMatchObject({ delta: 0, sufficient: true });
  });
});
