/** Business constants and limits of spec §9. */

export const LANGUAGES = ['zh-tw', 'zh-cn', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-tw';

export const LIMITS = {
  sessionIdleSeconds: 1800,
  idleCountdownSeconds: 30,
  requestTimeoutMs: 610_000,
  importPollMs: 5_000,
  notificationMs: 5_000,
  snackbarMs: 3_000,
  exportFailedNoticeMs: 3_000,
  /** After a 401 the console waits this long before it goes to /login. */
  unauthorizedRedirectMs: 2_000,
  nameMax: 255,
  pathMax: 100,
  groupNameMax: 50,
  tagNameMax: 50,
  portMin: 0,
  portMax: 65_535,
  accountMin: 5,
  accountMax: 20,
  passwordMin: 6,
  passwordMax: 20,
  failedLogCountMin: 1,
  failedLogCountMax: 50,
  /** Not given by the spec: our choices, documented in docs/architecture.md. */
  bulkDeleteMax: 100,
  chatIdMax: 10,
  mtrProbeCountMin: 1,
  mtrProbeCountMax: 100,
} as const;

export const PAGE_SIZES = [10, 30, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

export const FREQUENCIES_MINUTES = [1, 2, 5, 10, 15, 20, 30, 60] as const;
export type FrequencyMinutes = (typeof FREQUENCIES_MINUTES)[number];

export const ALERT_COOLDOWN_MINUTES = [0, 5, 10, 30] as const;

/** Quick time filters in hours (168 h is seven days). */
export const TIME_FILTER_HOURS = [1, 2, 3, 6, 12, 168] as const;
export const TIME_RANGE_UNITS = ['month', 'week', 'day', 'hour'] as const;

/** Auto-refresh choices in seconds; 0 is off. */
export const AUTO_REFRESH_SECONDS = [0, 10, 30, 60, 300, 600] as const;

export const ALERT_SENSITIVITY = { latency: { min: 3, max: 10 }, availability: { min: 1, max: 10 } } as const;
export const ALERT_AVAILABILITY_THRESHOLD = { min: 0.1, max: 0.9 } as const;
export const SSL_EXPIRY_DAYS_MAX_ENTRIES = 10;

export const EXPORT_FORMAT = 'xlsx' as const;

/** Where the browser keeps what §9 says it keeps. */
export const STORAGE_KEYS = {
  tokenLocalStorage: 'vigil.token',
  languageCookie: 'lang',
  sidebarCookie: 'sidebar',
} as const;
