import { FIELD_ERRORS_MAX, type ErrorEnvelope, type FieldError, type FieldErrorsData } from '../../shared/envelope.js';
import { errorName, httpStatusOf, type ErrorCode } from '../../shared/errors.js';
import { AppError, fieldError } from './app-error.js';

export interface MappedError {
  httpStatus: number;
  envelope: ErrorEnvelope;
  /** Unexpected: the server logs it in full (the answer never carries it). */
  unexpected: boolean;
}

/** At most FIELD_ERRORS_MAX field errors: a body with thousands of bad keys must not make a huge answer. */
function capped(data: ErrorEnvelope['data']): ErrorEnvelope['data'] {
  if (data === null || data.errors.length <= FIELD_ERRORS_MAX) return data;
  const kept: FieldErrorsData = { ...data, errors: data.errors.slice(0, FIELD_ERRORS_MAX) };
  kept.moreErrors = (data.moreErrors ?? 0) + data.errors.length - FIELD_ERRORS_MAX;
  return kept;
}

function envelope(code: ErrorCode, message = '', data: ErrorEnvelope['data'] = null): ErrorEnvelope {
  return { status: false, code, name: errorName(code), message, data: capped(data) };
}

function mapped(code: ErrorCode, options: { message?: string; data?: ErrorEnvelope['data']; http?: number } = {}): MappedError {
  return {
    httpStatus: options.http ?? httpStatusOf(code),
    envelope: envelope(code, options.message, options.data ?? null),
    unexpected: false,
  };
}

const bad = (errors: FieldError[], http?: number): MappedError =>
  mapped(1001, { data: { errors }, ...(http === undefined ? {} : { http }) });

interface ErrorLike {
  code?: unknown;
  statusCode?: unknown;
}

/** What the failed request was allowed: the route's body limit, when the route is known. */
export interface RequestLimits {
  bodyLimit?: number;
}

/** An oversized body: the request as a whole is too long, by the route's limit in bytes when known. */
function tooLarge({ bodyLimit }: RequestLimits): MappedError {
  return bad([fieldError('', 10010005, bodyLimit === undefined ? undefined : { max: bodyLimit, kind: 'bytes' })], 413);
}

/** Longest path parameter (`/domain_group/addr/{id}`) the router takes; longer ones answer 414. */
export const PATH_PARAM_MAX_LENGTH = 100;

/** Fastify's own request errors (URL, body parsing, content type, size) become 1001 with an inner code. */
function fastifyRequestError(error: ErrorLike, limits: RequestLimits): MappedError | undefined {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return bad([fieldError('', 10010004)]);
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return bad([fieldError('', 10010005, { max: PATH_PARAM_MAX_LENGTH })], 414);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return tooLarge(limits);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return bad([fieldError('', 10010002)]);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return bad([fieldError('', 10010001)]);
    default:
      return undefined;
  }
}

function byStatus(status: number, limits: RequestLimits): MappedError | undefined {
  if (status === 401 || status === 403 || status === 404) return mapped(status);
  if (status === 413) return tooLarge(limits);
  if (status >= 400 && status < 500) return bad([fieldError('', 10010001)]);
  return undefined;
}

/** The one mapper from anything thrown to the envelope; 5xx never carries internals. */
export function mapError(error: unknown, limits: RequestLimits = {}): MappedError {
  if (error instanceof AppError) {
    return mapped(error.code, {
      message: error.publicMessage,
      data: error.data,
      ...(error.httpStatus === undefined ? {} : { http: error.httpStatus }),
    });
  }
  const like = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  const known = fastifyRequestError(like, limits) ?? (typeof like.statusCode === 'number' ? byStatus(like.statusCode, limits) : undefined);
  if (known) return known;
  return { ...mapped(500), unexpected: true };
}
