import { describe, expect, it } from 'vitest';
import { attentionOrder, typeCardsOf, unlistedTroubleCount, usedShare } from '../../../src/client/features/overview/overview-cards.js';
import { compareAttention, worstFirst, type AttentionTask, type DomainOverviewAnswer, type MonitorQtyAnswer } from '../../../src/shared/index.js';

function task(id: number, availabilityPercent: number, avgResponseMs: number | null, name = `Task ${id}`): AttentionTask {
  return {
    id,
    type: 3,
    name,
    domain: 'shop.example.com',
    port: null,
    otherPath: '',
    availabilityPercent,
    avgResponseMs,
    serviceStatus: availabilityPercent >= 75 ? 2 : 3,
  };
}

const ids = (tasks: readonly AttentionTask[]) => tasks.map((entry) => entry.id);

describe('worst first', () => {
  it('puts the lowest availability first, so every error comes before every warning', () => {
    const tasks = [task(1, 90, 100), task(2, 10, 100), task(3, 74.9, 100), task(4, 75, 100), task(5, 0, null)];
    expect(ids(worstFirst(tasks))).toEqual([5, 2, 3, 4, 1]);
  });

  it('breaks ties by the slower task (no successful check counts as slowest), then by name and id', () => {
    const tasks = [task(1, 50, 100), task(2, 50, 900), task(3, 50, null), task(4, 50, 100, 'Alpha'), task(5, 50, 100, 'alpha')];
    expect(ids(worstFirst(tasks))).toEqual([3, 2, 4, 5, 1]);
  });

  it('is a total order that leaves the input alone', () => {
    const tasks = [task(2, 80, 10), task(1, 80, 10, 'Task 2')];
    const sorted = worstFirst(tasks);
    expect(ids(sorted)).toEqual([1, 2]);
    expect(ids(tasks)).toEqual([2, 1]);
    expect(compareAttention(tasks[0] as AttentionTask, tasks[0] as AttentionTask)).toBe(0);
  });
});

const QTY: MonitorQtyAnswer = {
  total: 9,
  enabled: 7,
  disabled: 2,
  types: [
    { type: 1, total: 2, enabled: 2, disabled: 0 },
    { type: 3, total: 6, enabled: 4, disabled: 2 },
    { type: 6, total: 1, enabled: 1, disabled: 0 },
  ],
};

const OVERVIEW: DomainOverviewAnswer = {
  from: '2026-11-22T08:00:00.000Z',
  to: '2026-11-22T09:00:00.000Z',
  types: [
    { type: 1, normal: 0, warning: 0, error: 2, none: 0, disabled: 0 },
    { type: 2, normal: 0, warning: 0, error: 0, none: 0, disabled: 0 },
    { type: 3, normal: 2, warning: 1, error: 1, none: 0, disabled: 2 },
    { type: 4, normal: 0, warning: 0, error: 0, none: 0, disabled: 0 },
    { type: 5, normal: 0, warning: 0, error: 0, none: 0, disabled: 0 },
  ],
  attention: [task(11, 80, 300), task(12, 0, null), task(13, 40, 20)],
  attentionTotal: 5,
};

describe('the overview cards', () => {
  it('makes a card for each of the seven types, counts from monitor_qty and bands only for types 1-5', () => {
    const cards = typeCardsOf(QTY, OVERVIEW);
    expect(cards.map((card) => card.type)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(cards[0]).toEqual({ type: 1, total: 2, enabled: 2, disabled: 0, bands: { normal: 0, warning: 0, error: 2, none: 0 } });
    expect(cards[2]).toEqual({ type: 3, total: 6, enabled: 4, disabled: 2, bands: { normal: 2, warning: 1, error: 1, none: 0 } });
    expect(cards[5]).toEqual({ type: 6, total: 1, enabled: 1, disabled: 0, bands: null });
    expect(cards[6]).toEqual({ type: 7, total: 0, enabled: 0, disabled: 0, bands: null });
  });

  it('shows no bands before the status has loaded', () => {
    expect(typeCardsOf(QTY, undefined).every((card) => card.bands === null)).toBe(true);
    expect(typeCardsOf(undefined, undefined)[0]).toEqual({ type: 1, total: 0, enabled: 0, disabled: 0, bands: null });
  });

  it('lists the tasks in trouble worst first and counts those left out', () => {
    expect(ids(attentionOrder(OVERVIEW))).toEqual([12, 13, 11]);
    expect(attentionOrder(undefined)).toEqual([]);
    expect(unlistedTroubleCount(OVERVIEW)).toBe(2);
    expect(unlistedTroubleCount(undefined)).toBe(0);
  });

  it('shows the share of points used within 0-100 %', () => {
    expect([usedShare(1000, 250), usedShare(1000, 0), usedShare(1000, 1500), usedShare(0, 0), usedShare(0, 5), usedShare(3, 1)]).toEqual([25, 0, 100, 0, 100, 33]);
  });
});
