import { describe, expect, it } from 'vitest';
import { isListableType } from '../../../src/client/features/monitor/monitor-types.js';
import { createPathOf, detailPathOf, editPathOf } from '../../../src/client/lib/task-paths.js';
import { certcheckProblemOf, daysLeftLabelOf, sslBadgeOf, sslToneOf } from '../../../src/client/features/monitor/ssl-status.js';
import { ApiError } from '../../../src/client/lib/api-failure.js';
import { SERVICE_STATUS, sslServiceStatusOf, type SslStatus } from '../../../src/shared/index.js';

const envelope = (code: number | string) => new ApiError('domainSslCertcheck', { kind: 'envelope', code, message: '', errors: [], httpStatus: 200 });

describe('SSL status colours', () => {
  const statuses: (SslStatus | null)[] = [1, 2, 3, null];

  it('are the service colours: valid normal, expiring within a week warning, expired or check failed error, never checked none', () => {
    expect(statuses.map((status) => sslToneOf(status, true))).toEqual([SERVICE_STATUS.NORMAL, SERVICE_STATUS.WARNING, SERVICE_STATUS.ERROR, SERVICE_STATUS.ERROR]);
    expect(sslToneOf(null, false)).toBe(SERVICE_STATUS.NONE);
  });

  it('are the bands the overview counts the task in', () => {
    for (const checked of [true, false]) for (const status of statuses) expect(sslToneOf(status, checked)).toBe(sslServiceStatusOf(status, checked));
  });

  it('say "check failed" for a task checked without a certificate, "not checked yet" before any check', () => {
    expect(sslBadgeOf(null, true)).toEqual({ state: 'failed', tone: SERVICE_STATUS.ERROR });
    expect(sslBadgeOf(null, false)).toEqual({ state: 'none', tone: SERVICE_STATUS.NONE });
    expect(sslBadgeOf(3, true)).toEqual({ state: 3, tone: SERVICE_STATUS.ERROR });
  });
});

describe('days left', () => {
  it('reads as a count, "today", "expired n days ago", or nothing before a check', () => {
    expect(daysLeftLabelOf(30)).toEqual({ key: 'left', count: 30 });
    expect(daysLeftLabelOf(0)).toEqual({ key: 'today', count: 0 });
    expect(daysLeftLabelOf(-3)).toEqual({ key: 'expiredAgo', count: 3 });
    expect(daysLeftLabelOf(null)).toEqual({ key: 'none', count: 0 });
  });
});

describe('a refused "check now"', () => {
  it('explains no live agent (2553), not taken (2554), busy (2555) and no answer in time (504)', () => {
    for (const code of [2553, 2554, 2555, 504]) expect(certcheckProblemOf(envelope(code))).toMatchObject({ kind: 'refused', code });
    expect(certcheckProblemOf(envelope('2555'))).toMatchObject({ kind: 'refused', code: 2555 });
  });

  it('counts a bare 504 and the client giving up as "no answer in time"', () => {
    expect(certcheckProblemOf(new ApiError('domainSslCertcheck', { kind: 'http', httpStatus: 504 }))).toMatchObject({ kind: 'refused', code: 504 });
    expect(certcheckProblemOf(new ApiError('domainSslCertcheck', { kind: 'timeout' }))).toMatchObject({ kind: 'refused', code: 504 });
  });

  it('shows any other refusal with its catalogue text alone', () => {
    expect(certcheckProblemOf(envelope(2127))).toMatchObject({ kind: 'other' });
    expect(certcheckProblemOf(new ApiError('domainSslCertcheck', { kind: 'network' }))).toMatchObject({ kind: 'other' });
    expect(certcheckProblemOf(new Error('boom'))).toEqual({ kind: 'other', failure: null });
  });
});

describe('traceroute and SSL in the task lists', () => {
  it('lists traceroute through /domain/list and SSL through its own list', () => {
    expect(isListableType(6)).toBe(true);
    expect(isListableType(7)).toBe(false);
  });

  it('opens a traceroute task at its route history and creates and edits it at its own form', () => {
    expect(detailPathOf(6, 12)).toBe('/monitor/6/tracedetail/12');
    expect(detailPathOf(7, 12)).toBe('/monitor/7/detail/12');
    expect(createPathOf(6)).toBe('/monitor/createtrace');
    expect(createPathOf(7)).toBe('/monitor/create/7');
    expect(editPathOf(6, 12)).toBe('/monitor/edittrace/12');
    expect(editPathOf(7, 12)).toBe('/monitor/edit/12');
  });
});
