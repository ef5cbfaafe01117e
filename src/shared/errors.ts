/**
 * The error catalogue of spec §8: every code the server may answer, with its symbolic name and the
 * HTTP status it travels with. The texts live in locales/<lng>/errors.json under the same code.
 */

const HTTP_ERRORS = {
  401: { name: 'UNAUTHENTICATED', http: 401 },
  403: { name: 'FORBIDDEN', http: 403 },
  404: { name: 'NOT_FOUND', http: 404 },
  500: { name: 'SYSTEM_BUSY', http: 500 },
  502: { name: 'BAD_GATEWAY', http: 502 },
  503: { name: 'SERVICE_UNAVAILABLE', http: 503 },
  504: { name: 'GATEWAY_TIMEOUT', http: 504 },
} as const;

const GENERIC_ERRORS = {
  1001: { name: 'BAD_PARAMETER', http: 400 },
  1002: { name: 'DATA_RETRIEVAL_ERROR', http: 500 },
  1003: { name: 'DATA_RETRIEVAL_FAILED', http: 500 },
} as const;

const ACCOUNT_ERRORS = {
  2001: { name: 'ID_NOT_FOUND', http: 404 },
  2002: { name: 'ID_INVALID', http: 400 },
  2003: { name: 'ACCOUNT_EXISTS', http: 409 },
  2004: { name: 'ACCOUNT_OR_PASSWORD_WRONG', http: 400 },
  2005: { name: 'ACCOUNT_SUSPENDED', http: 403 },
  2006: { name: 'PERMISSION_DEACTIVATED', http: 403 },
  2007: { name: 'DATA_NOT_MODIFIABLE', http: 403 },
  2008: { name: 'PARAMETER_CONFIGURATION_ERROR', http: 400 },
  2009: { name: 'PARAMETER_CONFIGURATION_INVALID', http: 400 },
  2010: { name: 'CONCURRENT_LOGIN_LIMIT', http: 409 },
  2011: { name: 'LOGIN_ABNORMAL', http: 429 },
  2012: { name: 'SSO_LOGIN_FAILED', http: 400 },
  2013: { name: 'NO_DELETE_PERMISSION', http: 403 },
  2014: { name: 'DATA_INCORRECT', http: 400 },
  2015: { name: 'CREATE_FAILED', http: 400 },
} as const;

const CUSTOMER_ERRORS = {
  2101: { name: 'CUSTOMER_CREATE_ERROR', http: 400 },
  2102: { name: 'CUSTOMER_ID_MISSING', http: 400 },
  2103: { name: 'GROUP_DATA_NOT_FOUND', http: 404 },
  2104: { name: 'IMPORT_ERROR', http: 400 },
  2105: { name: 'SCHEDULED_TASK_PROCESSING', http: 409 },
  2106: { name: 'SCHEDULED_TASK_NOT_FOUND', http: 404 },
  2107: { name: 'TRANSACTION_CODE_ERROR', http: 400 },
  2108: { name: 'CONTRACT_NOT_FOUND', http: 404 },
  2109: { name: 'CONTRACT_EXISTS', http: 409 },
  2110: { name: 'POINT_UPDATE_FAILED', http: 400 },
  2111: { name: 'POINTS_INSUFFICIENT', http: 400 },
  2112: { name: 'GROUP_INFO_NOT_FOUND', http: 404 },
} as const;

const DOMAIN_ERRORS = {
  2121: { name: 'END_BEFORE_START', http: 400 },
  2122: { name: 'DOMAIN_EXISTS', http: 409 },
  2123: { name: 'DOMAIN_CREATE_ERROR', http: 400 },
  2124: { name: 'MONITOR_DOMAIN_PREFIX_NOT_FOUND', http: 404 },
  2125: { name: 'MONITOR_DOMAIN_EXISTS', http: 409 },
  2126: { name: 'NODE_IP_EXISTS', http: 409 },
  2127: { name: 'MONITOR_DOMAIN_NOT_FOUND', http: 404 },
  2128: { name: 'DOMAIN_MISSING', http: 400 },
  2129: { name: 'PROBE_NAME_EXISTS', http: 409 },
  2130: { name: 'MONITOR_PORT_REQUIRED', http: 400 },
  2131: { name: 'DOMAIN_DEPLOYING', http: 409 },
} as const;

/**
 * Codes of our own, where §8 has none that fits; numbered in a block §8 leaves free, next to the
 * series they belong to (docs/architecture.md, decisions).
 */
const OWN_DOMAIN_ERRORS = {
  /** A loopback, private or link-local target on nodes whose operator did not allow such targets. */
  2140: { name: 'PRIVATE_TARGET_NOT_ALLOWED', http: 400 },
} as const;

/**
 * API keys (/apimanager): codes of our own in a block §8 leaves free after the account series. A
 * key's caller reads them from scripts, so each says exactly what to change.
 */
const OWN_API_KEY_ERRORS = {
  /** The key was revoked on /apimanager. */
  2031: { name: 'API_KEY_REVOKED', http: 401 },
  /** The key's expiry has passed. */
  2032: { name: 'API_KEY_EXPIRED', http: 401 },
  /** A read-only key on a call that changes data. */
  2033: { name: 'API_KEY_READ_ONLY', http: 403 },
  /** A call only a signed-in session may make (sign-in, profile, devices, API keys, administrators). */
  2034: { name: 'API_KEY_NOT_ACCEPTED', http: 403 },
  /** The key made more calls than its rate allows; Retry-After says when to try again. */
  2035: { name: 'API_KEY_RATE_LIMITED', http: 429 },
  /** The customer already has the most active keys allowed. */
  2036: { name: 'API_KEY_LIMIT_REACHED', http: 409 },
} as const;

const NODE_ERRORS = {
  2301: { name: 'POOL_NAME_EXISTS', http: 409 },
  2302: { name: 'POOL_NOT_FOUND', http: 404 },
  2303: { name: 'NODE_EXISTS', http: 409 },
  2304: { name: 'NODE_NOT_FOUND', http: 404 },
  2305: { name: 'DNS_RECORD_EXISTS', http: 409 },
  2306: { name: 'DNS_RECORD_NOT_FOUND', http: 404 },
  2307: { name: 'MONITOR_MACHINE_PARAMETERS_MISSING', http: 400 },
  2308: { name: 'NODE_AUTHENTICATION_FAILED', http: 401 },
} as const;

const DEPLOY_ERRORS = {
  2501: { name: 'AGENT_CONNECTION_ERROR', http: 502 },
  2502: { name: 'LOG_SERVER_CONFIG_ERROR', http: 500 },
  2503: { name: 'AUTO_DEPLOYMENT_ERROR', http: 500 },
  2504: { name: 'ALREADY_DEPLOYED', http: 409 },
  2505: { name: 'DEPLOYMENT_FAILED', http: 500 },
  2506: { name: 'DNS_UPDATE_FAILED', http: 500 },
  2551: { name: 'NODE_REBUILD_FAILED', http: 500 },
  2552: { name: 'REBUILD_ONLY_FAILED_NODES', http: 409 },
  2553: { name: 'DETECTOR_NOT_FOUND', http: 404 },
  2554: { name: 'DETECTOR_OFFLINE', http: 503 },
  2555: { name: 'DETECTOR_BUSY', http: 503 },
  2556: { name: 'DETECTOR_KEY_INVALID', http: 401 },
  2557: { name: 'DETECTOR_VERSION_UNSUPPORTED', http: 400 },
  2558: { name: 'DETECTOR_RESULT_REJECTED', http: 400 },
} as const;

const ALERT_ERRORS = {
  2601: { name: 'LATENCY_SENSITIVITY_RANGE', http: 400 },
  2602: { name: 'AVAILABILITY_SENSITIVITY_RANGE', http: 400 },
  2603: { name: 'AVAILABILITY_THRESHOLD_RANGE', http: 400 },
  2604: { name: 'ADD_DOMAIN_FAILED', http: 400 },
  2605: { name: 'ADD_DOMAIN_REJECTED', http: 400 },
  2606: { name: 'ALERT_RULE_NOT_FOUND', http: 404 },
  2607: { name: 'ALERT_SETTING_NOT_FOUND', http: 404 },
  2608: { name: 'ALERT_DATA_NOT_FOUND', http: 404 },
  2609: { name: 'COOLDOWN_CHOICE', http: 400 },
  2701: { name: 'DATA_CENTER_BUSY', http: 503 },
} as const;

/** Inner codes of 1001: one per offending field. */
export const INPUT_ERRORS = {
  10010001: { name: 'TYPE_OR_FORMAT', http: 400 },
  10010002: { name: 'REQUIRED', http: 400 },
  10010003: { name: 'OUT_OF_RANGE', http: 400 },
  10010004: { name: 'FORMAT', http: 400 },
  10010005: { name: 'TOO_LONG', http: 400 },
  10010006: { name: 'TOO_SHORT', http: 400 },
  10010007: { name: 'CONFIRM_PASSWORD_MISMATCH', http: 400 },
  10010008: { name: 'OLD_PASSWORD_WRONG', http: 400 },
} as const;

export const ERROR_CATALOGUE = {
  ...HTTP_ERRORS,
  ...GENERIC_ERRORS,
  ...ACCOUNT_ERRORS,
  ...CUSTOMER_ERRORS,
  ...DOMAIN_ERRORS,
  ...OWN_DOMAIN_ERRORS,
  ...OWN_API_KEY_ERRORS,
  ...NODE_ERRORS,
  ...DEPLOY_ERRORS,
  ...ALERT_ERRORS,
  ...INPUT_ERRORS,
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export type InputErrorCode = keyof typeof INPUT_ERRORS;
export type ErrorName = (typeof ERROR_CATALOGUE)[ErrorCode]['name'];

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE).map(Number) as ErrorCode[];
export const INPUT_ERROR_CODES = Object.keys(INPUT_ERRORS).map(Number) as InputErrorCode[];

/** Result code of a check whose domain could not be reached (not an envelope error). */
export const UNREACHABLE_RESULT_CODE = '000';

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'number' && Object.hasOwn(ERROR_CATALOGUE, value);
}

export function isInputErrorCode(value: unknown): value is InputErrorCode {
  return typeof value === 'number' && Object.hasOwn(INPUT_ERRORS, value);
}

export function errorName(code: ErrorCode): ErrorName {
  return ERROR_CATALOGUE[code].name;
}

export function httpStatusOf(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].http;
}
