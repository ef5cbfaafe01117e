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

/** Longest path parameter (`/domain_group/addr/{id}`) the router takes; longer ones answer 414. */
export const PATH_PARAM_MAX_LENGTH = 100;

/** Fastify's own request errors (URL, body parsing, content type, size) become 1001 with an inner code. */
function fastifyRequestError(error: ErrorLike): MappedError | undefined {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return bad([fieldError('', 10010004)]);
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return bad([fieldError('', 10010005, { max: PATH_PARAM_MAX_LENGTH })], 414);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return bad([fieldError('', 10010005)], 413);
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

function byStatus(status: number): MappedError | undefined {
  if (status === 401 || status === 403 || status === 404) return mapped(status);
  if (status === 413) return bad([fieldError('', 10010005)], 413);
  if (status >= 400 && status < 500) return bad([fieldError('', 10010001)]);
  return undefined;
}

/** The one mapper from anything thrown to the envelope; 5xx never carries internals. */
export function mapError(error: unknown): MappedError {
  if (error instanceof AppError) {
    return mapped(error.code, {
      message: error.publicMessage,
      data: error.data,
      ...(error.httpStatus === undefined ? {} : { http: error.httpStatus }),
    });
  }
  const like = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  const known = fastifyRequestError(like) ?? (typeof like.statusCode === 'number' ? byStatus(like.statusCode) : undefined);
  if (known) return known;
  return { ...mapped(500), unexpected: true };
}
