import { describe, expect, it } from 'vitest';
import { AppError, badParameter, fieldError } from '../../src/server/http/app-error.js';
import { mapError } from '../../src/server/http/error-mapper.js';

describe('mapError', () => {
  it('maps an AppError to its catalogue name and HTTP status', () => {
    expect(mapError(new AppError(2004))).toEqual({
      httpStatus: 400,
      envelope: { status: false, code: 2004, name: 'ACCOUNT_OR_PASSWORD_WRONG', message: '', data: null },
      unexpected: false,
    });
    expect(mapError(new AppError(2010, { message: 'limit 5' })).envelope.message).toBe('limit 5');
    expect(mapError(new AppError(401)).httpStatus).toBe(401);
  });

  it('keeps field errors of a 1001 and an overriding HTTP status', () => {
    const mapped = mapError(badParameter([fieldError('oldPassword', 10010008)], 422));
    expect(mapped.httpStatus).toBe(422);
    expect(mapped.envelope.data).toEqual({ errors: [{ field: 'oldPassword', code: 10010008 }] });
  });

  it('maps Fastify request errors to 1001 with an inner code', () => {
    const fastifyError = (code: string, statusCode: number) => Object.assign(new Error('internal detail'), { code, statusCode });
    expect(mapError(fastifyError('FST_ERR_CTP_INVALID_JSON_BODY', 400)).envelope.data).toEqual({ errors: [{ field: '', code: 10010001 }] });
    expect(mapError(fastifyError('FST_ERR_CTP_INVALID_MEDIA_TYPE', 415)).envelope.code).toBe(1001);
    const large = mapError(fastifyError('FST_ERR_CTP_BODY_TOO_LARGE', 413));
    expect([large.httpStatus, large.envelope.data]).toEqual([413, { errors: [{ field: '', code: 10010005 }] }]);
    expect(mapError(fastifyError('FST_ERR_NOT_FOUND', 404)).envelope.code).toBe(404);
    expect(mapError(fastifyError('FST_ERR_SOMETHING', 400)).envelope.message).toBe('');
  });

  it('answers 500 with an empty message for anything unexpected, flagging it for the log', () => {
    for (const thrown of [new Error('SQLITE_ERROR: no such table: users'), new TypeError('x is undefined'), 'a string', null, { statusCode: 503 }]) {
      const mapped = mapError(thrown);
      expect(mapped).toEqual({
        httpStatus: 500,
        envelope: { status: false, code: 500, name: 'SYSTEM_BUSY', message: '', data: null },
        unexpected: true,
      });
    }
  });
});
