import { describe, expect, it } from 'vitest';
import {
  ALERTABLE_MONITOR_TYPES,
  CHINA_REGIONS,
  DEFAULT_LANGUAGE,
  DEFAULT_PAGE_SIZE,
  ENABLE_STATUS,
  FREQUENCIES_MINUTES,
  INBOX_STATUS,
  ISP_CODES,
  LANGUAGES,
  LIMITS,
  MAP_TYPES,
  MONITOR_TYPES,
  MONITOR_TYPE_CODES,
  PAGE_SIZES,
  SERVICE_STATUS,
  SERVICE_STATUS_BANDS,
  SSL_STATUS,
  SSL_WARNING_DAYS,
  TIME_FILTER_HOURS,
  serviceStatusOf,
  sslStatusOf,
} from '../../src/shared/index.js';

describe('monitor types (§3)', () => {
  it.each([
    ['ICMP', 1],
    ['TCP', 2],
    ['HTTP', 3],
    ['HTTPS', 4],
    ['DNS', 5],
    ['TRACEROUTE', 6],
    ['SSL', 7],
  ] as const)('%s is code %i', (name, value) => {
    expect(MONITOR_TYPES[name]).toBe(value);
  });

  it('lists exactly the codes 1-7', () => {
    expect([...MONITOR_TYPE_CODES].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('has alerts for every type but traceroute', () => {
    expect([...ALERTABLE_MONITOR_TYPES].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 7]);
    expect(ALERTABLE_MONITOR_TYPES).not.toContain(MONITOR_TYPES.TRACEROUTE);
  });
});

describe('node codes (§3)', () => {
  it.each([
    ['NONE', 0],
    ['TELECOM', 1],
    ['UNICOM', 2],
    ['MOBILE', 3],
    ['TENCENT', 4],
    ['WORLD', 8],
    ['SOUTHEAST_ASIA', 9],
  ] as const)('ISP %s is code %i', (name, value) => {
    expect(ISP_CODES[name]).toBe(value);
  });

  it('has no other ISP codes', () => {
    expect(Object.values(ISP_CODES).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 8, 9]);
  });

  it('lists the seven China regions in order', () => {
    expect(CHINA_REGIONS).toEqual(['NE', 'NC', 'EC', 'CC', 'SC', 'SW', 'NW']);
  });

  it('has map types China 1, Southeast Asia 2, World 3', () => {
    expect(MAP_TYPES).toEqual({ CHINA: 1, SOUTHEAST_ASIA: 2, WORLD: 3 });
  });
});

describe('status codes (§3)', () => {
  it('has enable status 1 enabled, 2 disabled', () => {
    expect(ENABLE_STATUS).toEqual({ ENABLED: 1, DISABLED: 2 });
  });

  it('has inbox statuses 0 notify, 1 processing, 2 finished', () => {
    expect(INBOX_STATUS).toEqual({ NOTIFY: 0, PROCESSING: 1, FINISHED: 2 });
  });

  it('has service status bands at 95 and 75 percent', () => {
    expect(SERVICE_STATUS_BANDS).toEqual({ normal: 95, warning: 75 });
    expect(SERVICE_STATUS).toEqual({ NONE: 0, NORMAL: 1, WARNING: 2, ERROR: 3 });
  });

  it.each([
    [null, SERVICE_STATUS.NONE],
    [Number.NaN, SERVICE_STATUS.NONE],
    [100, SERVICE_STATUS.NORMAL],
    [95, SERVICE_STATUS.NORMAL],
    [94.99, SERVICE_STATUS.WARNING],
    [75, SERVICE_STATUS.WARNING],
    [74.99, SERVICE_STATUS.ERROR],
    [0, SERVICE_STATUS.ERROR],
  ])('an average success of %s%% shows service status %i', (percent, status) => {
    expect(serviceStatusOf(percent)).toBe(status);
  });

  it('warns about SSL certificates within one week', () => {
    expect(SSL_WARNING_DAYS).toBe(7);
  });

  it.each([
    [30, SSL_STATUS.NOT_EXPIRED],
    [8, SSL_STATUS.NOT_EXPIRED],
    [7, SSL_STATUS.EXPIRING],
    [1, SSL_STATUS.EXPIRING],
    [0, SSL_STATUS.EXPIRING],
    [-1, SSL_STATUS.EXPIRED],
    [-365, SSL_STATUS.EXPIRED],
  ])('a certificate with %i days left has SSL status %i', (daysLeft, status) => {
    expect(sslStatusOf(daysLeft)).toBe(status);
  });
});

describe('business constants (§9)', () => {
  it('offers the frequencies 1, 2, 5, 10, 15, 20, 30 and 60 minutes', () => {
    expect(FREQUENCIES_MINUTES).toEqual([1, 2, 5, 10, 15, 20, 30, 60]);
  });

  it('offers page sizes 10, 30, 50, 100 with 10 as default', () => {
    expect(PAGE_SIZES).toEqual([10, 30, 50, 100]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(PAGE_SIZES).toContain(DEFAULT_PAGE_SIZE);
  });

  it('offers time filters of 1, 2, 3, 6, 12 hours and 7 days', () => {
    expect(TIME_FILTER_HOURS).toEqual([1, 2, 3, 6, 12, 168]);
  });

  it.each([
    ['sessionIdleSeconds', 1800],
    ['idleCountdownSeconds', 30],
    ['requestTimeoutMs', 610_000],
    ['importPollMs', 5_000],
    ['notificationMs', 5_000],
    ['snackbarMs', 3_000],
    ['exportFailedNoticeMs', 3_000],
    ['nameMax', 255],
    ['pathMax', 100],
    ['groupNameMax', 50],
    ['tagNameMax', 50],
    ['portMin', 0],
    ['portMax', 65_535],
    ['accountMin', 5],
    ['accountMax', 20],
    ['passwordMin', 6],
    ['passwordMax', 20],
    ['failedLogCountMin', 1],
    ['failedLogCountMax', 50],
  ] as const)('%s is %i', (key, value) => {
    expect(LIMITS[key]).toBe(value);
  });

  it('speaks zh-tw (default), zh-cn and en', () => {
    expect(LANGUAGES).toEqual(['zh-tw', 'zh-cn', 'en']);
    expect(DEFAULT_LANGUAGE).toBe('zh-tw');
  });
});
