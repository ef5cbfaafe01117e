import type { FieldError, FieldErrorsData } from '../../shared/envelope.js';
import type { ErrorCode, InputErrorCode } from '../../shared/errors.js';

export interface AppErrorOptions {
  /** Safe for the caller to read; never an internal detail. */
  message?: string;
  data?: FieldErrorsData | null;
  /** HTTP status when it differs from the catalogue's (an oversized body travels as 413). */
  httpStatus?: number;
}

/** An error the API answers as-is: a catalogue code, an optional safe message and data. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly data: FieldErrorsData | null;
  readonly httpStatus: number | undefined;
  readonly publicMessage: string;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? `AppError ${code}`);
    this.code = code;
    this.publicMessage = options.message ?? '';
    this.data = options.data ?? null;
    this.httpStatus = options.httpStatus;
  }
}

/** 1001 with the given field errors. */
export function badParameter(errors: FieldError[], httpStatus?: number): AppError {
  return new AppError(1001, { data: { errors }, ...(httpStatus === undefined ? {} : { httpStatus }) });
}

export function fieldError(field: string, code: InputErrorCode, params?: FieldError['params']): FieldError {
  return params ? { field, code, params } : { field, code };
}
