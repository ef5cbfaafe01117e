import { describe, expect, it } from 'vitest';
import { createPathOf } from '../../../src/client/lib/task-paths.js';
import {
  attentionOrder,
  attentionPathOf,
  bandLabelKeyOf,
  bandLinkOf,
  certificateTextOf,
  localDayOf,
  typeCardsOf,
  unlistedTroubleCount,
  usedShare,
} from '../../../src/client/features/overview/overview-cards.js';
import {
  compareAttention,
  sslServiceStatusOf,
  worstFirst,
  type AttentionCertificate,
  type AttentionTask,
  type DomainOverviewAnswer,
  type MonitorQtyAnswer,
} from '../../../src/shared/index.js';

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
    certificate: null,
  };
}

function certificate(daysLeft: number | null): AttentionCertificate {
  return {
    sslStatus: daysLeft === null ? null : daysLeft < 0 ? 3 : 2,
    validTo: daysLeft === null ? null : '2026-11-25T10:00:00.000Z',
    daysLeft,
    checkFailed: daysLeft === null,
    lastCheckAt: '2026-11-22T08:59:00.000Z',
  };
}

function sslTask(id: number, daysLeft: number | null, name = `Cert ${id}`): AttentionTask {
  const cert = certificate(daysLeft);
  return { ...task(id, 0, null, name), type: 7, port: 443, availabilityPercent: null, serviceStatus: cert.sslStatus === 2 ? 2 : 3, certificate: cert };
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

  it('ranks an SSL error as 0 % (a failed check before an expired certificate) and an expiring certificate after the other warnings', () => {
    const tasks = [sslTask(1, 3), task(2, 80, 100), sslTask(3, -2), task(4, 0, null), sslTask(5, null), task(6, 10, 100), sslTask(7, 6), sslTask(8, -9)];
    expect(ids(worstFirst(tasks))).toEqual([5, 8, 3, 4, 6, 2, 1, 7]);
  });

  it('is a total order that leaves the input alone', () => {
    const tasks = [task(2, 80, 10), task(1, 80, 10, 'Task 2')];
    const sorted = worstFirst(tasks);
    expect(ids(sorted)).toEqual([1, 2]);
    expect(ids(tasks)).toEqual([2, 1]);
    expect(compareAttention(tasks[0] as AttentionTask, tasks[0] as AttentionTask)).toBe(0);
    const failed = sslTask(9, null);
    expect(compareAttention(failed, failed)).toBe(0);
  });
});

describe('SSL bands (§3)', () => {
  it('maps not expired to normal, expiring to warning, expired or an unreadable certificate to error, never checked to no data', () => {
    expect([sslServiceStatusOf(1, true), sslServiceStatusOf(2, true), sslServiceStatusOf(3, true), sslServiceStatusOf(null, true), sslServiceStatusOf(null, false)]).toEqual([
      1, 2, 3, 3, 0,
    ]);
  });
});

const QTY: MonitorQtyAnswer = {
  total: 12,
  enabled: 10,
  disabled: 2,
  types: [
    { type: 1, total: 2, enabled: 2, disabled: 0 },
    { type: 3, total: 6, enabled: 4, disabled: 2 },
    { type: 6, total: 1, enabled: 1, disabled: 0 },
    { type: 7, total: 3, enabled: 3, disabled: 0 },
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
    { type: 6, normal: 0, warning: 1, error: 0, none: 0, disabled: 0 },
    { type: 7, normal: 1, warning: 1, error: 1, none: 0, disabled: 0 },
  ],
  attention: [task(11, 80, 300), task(12, 0, null), task(13, 40, 20), sslTask(14, -1)],
  attentionTotal: 6,
};

describe('the overview cards', () => {
  it('makes a card with bands for each of the seven types, counts from monitor_qty', () => {
    const cards = typeCardsOf(QTY, OVERVIEW);
    expect(cards.map((card) => card.type)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(cards[0]).toEqual({ type: 1, total: 2, enabled: 2, disabled: 0, bands: { normal: 0, warning: 0, error: 2, none: 0 } });
    expect(cards[2]).toEqual({ type: 3, total: 6, enabled: 4, disabled: 2, bands: { normal: 2, warning: 1, error: 1, none: 0 } });
    expect(cards[5]).toEqual({ type: 6, total: 1, enabled: 1, disabled: 0, bands: { normal: 0, warning: 1, error: 0, none: 0 } });
    expect(cards[6]).toEqual({ type: 7, total: 3, enabled: 3, disabled: 0, bands: { normal: 1, warning: 1, error: 1, none: 0 } });
  });

  it('shows no bands before the status has loaded, nor for a type the answer leaves out', () => {
    expect(typeCardsOf(QTY, undefined).every((card) => card.bands === null)).toBe(true);
    expect(typeCardsOf(undefined, undefined)[0]).toEqual({ type: 1, total: 0, enabled: 0, disabled: 0, bands: null });
    const older = { ...OVERVIEW, types: OVERVIEW.types.slice(0, 5) };
    expect(typeCardsOf(QTY, older)[6]?.bands).toBeNull();
  });

  it('names the bands by service status, and for SSL by certificate', () => {
    expect([bandLabelKeyOf(3, 2), bandLabelKeyOf(6, 0), bandLabelKeyOf(7, 2), bandLabelKeyOf(7, 3)]).toEqual([
      'common:serviceStatus.2',
      'common:serviceStatus.0',
      'overview:sslBand.2',
      'overview:sslBand.3',
    ]);
  });

  it('links each band to its list filtered as the list reads its URL', () => {
    expect(bandLinkOf(3, 3)).toBe('/monitor/3?status=1&service=3');
    expect(bandLinkOf(6, 0)).toBe('/monitor/6?status=1&service=0');
    expect([1, 2, 3, 0].map((status) => bandLinkOf(7, status as 0 | 1 | 2 | 3))).toEqual([
      '/monitor/7?status=1&ssl=1',
      '/monitor/7?status=1&ssl=2',
      '/monitor/7?status=1&ssl=6',
      '/monitor/7?status=1&ssl=5',
    ]);
  });

  it('leads a task in trouble to its detail, a traceroute task to its route history, an SSL task to the SSL list searched for it', () => {
    expect(attentionPathOf({ id: 5, type: 3, domain: 'shop.example.com' })).toBe('/monitor/3/detail/5');
    expect(attentionPathOf({ id: 6, type: 6, domain: 'shop.example.com' })).toBe('/monitor/6/tracedetail/6');
    expect(attentionPathOf({ id: 7, type: 7, domain: 'shop.example.com' })).toBe('/monitor/7?q=shop.example.com');
    expect(attentionPathOf({ id: 8, type: 7, domain: '2001:db8::1' })).toBe('/monitor/7?q=2001%3Adb8%3A%3A1');
  });

  it('tells an SSL task by its days left, expiry or failed check', () => {
    expect([certificateTextOf(certificate(5)), certificateTextOf(certificate(0)), certificateTextOf(certificate(-3)), certificateTextOf(certificate(null))]).toEqual([
      { key: 'daysLeft', days: 5 },
      { key: 'expiresToday', days: 0 },
      { key: 'expiredAgo', days: 3 },
      { key: 'checkFailed', days: 0 },
    ]);
    expect(localDayOf('2026-11-25T10:00:00.000Z')).toMatch(/^2026-11-2[56]$/);
    expect(localDayOf('not a date')).toBe('');
  });

  it('lists the tasks in trouble worst first and counts those left out', () => {
    expect(ids(attentionOrder(OVERVIEW))).toEqual([14, 12, 13, 11]);
    expect(attentionOrder(undefined)).toEqual([]);
    expect(unlistedTroubleCount(OVERVIEW)).toBe(2);
    expect(unlistedTroubleCount(undefined)).toBe(0);
  });

  it('shows the share of points used within 0-100 %', () => {
    expect([usedShare(1000, 250), usedShare(1000, 0), usedShare(1000, 1500), usedShare(0, 0), usedShare(0, 5), usedShare(3, 1)]).toEqual([25, 0, 100, 0, 100, 33]);
  });
});

describe('the first task', () => {
  it('leads to the form of each of the seven types, traceroute to its own', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((type) => createPathOf(type as 1))).toEqual([
      '/monitor/create/1',
      '/monitor/create/2',
      '/monitor/create/3',
      '/monitor/create/4',
      '/monitor/create/5',
      '/monitor/createtrace',
      '/monitor/create/7',
    ]);
  });
});
