import { describe, expect, it } from 'vitest';
import type { ApiFailure } from '../../src/client/lib/api-failure.js';
import { errorText, type Translator } from '../../src/client/lib/error-text.js';

const TEXTS: Record<string, string> = {
  'errors:401': 'Please sign in again',
  'errors:404': 'Resource not found',
  'errors:500': 'System busy',
  'errors:504': 'Gateway timeout',
  'errors:1001': 'Bad parameter',
  'errors:1002': 'Data retrieval error',
  'errors:1003': 'Data retrieval failed',
  'errors:2004': 'Account or password wrong',
  'errors:10010002': 'Required',
  'errors:10010005': 'At most {{max}}',
  'errors:10010008': 'Old password wrong',
  'common:fields.oldPassword': 'Old password',
  'common:errorText.field': '{{field}}: {{text}}',
  'common:errorText.withMessage': '{{text}} ({{message}})',
  'common:errorText.codeWithMessage': '[{{code}}] {{message}}',
  'common:errorText.http': 'HTTP error {{status}}',
  'common:errorText.unreachable': 'The server cannot be reached',
};

/** A translator over a fixed table with i18next's {{name}} interpolation. */
const translator: Translator = {
  exists: (key) => key in TEXTS,
  t: (key, options = {}) =>
    (TEXTS[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? `{{${name}}}`)),
};

const envelope = (code: number | string | null, message = '', errors: Extract<ApiFailure, { kind: 'envelope' }>['errors'] = []): ApiFailure => ({
  kind: 'envelope',
  code,
  message,
  errors,
  httpStatus: 400,
});

describe('errorText', () => {
  it('shows the code text of an error envelope', () => {
    expect(errorText(envelope(2004), translator)).toBe('Account or password wrong');
  });

  it('appends a non-empty server message', () => {
    expect(errorText(envelope(2004, 'locked for 5 min'), translator)).toBe('Account or password wrong (locked for 5 min)');
  });

  it('does not repeat a message equal to the text', () => {
    expect(errorText(envelope(2004, 'Account or password wrong'), translator)).toBe('Account or password wrong');
  });

  it('shows no extra text for 1002 and 1003', () => {
    expect(errorText(envelope(1002, 'sql timeout'), translator)).toBe('Data retrieval error');
    expect(errorText(envelope(1003, 'sql timeout'), translator)).toBe('Data retrieval failed');
  });

  it('uses the first inner error of 1001 with its field name', () => {
    const failure = envelope(1001, 'bad', [
      { field: 'oldPassword', code: 10010008 },
      { field: 'email', code: 10010002 },
    ]);
    expect(errorText(failure, translator)).toBe('Old password: Old password wrong');
  });

  it('passes inner error params and falls back to the raw field name', () => {
    const failure = envelope(1001, '', [{ field: 'nickname', code: 10010005, params: { max: 50 } }]);
    expect(errorText(failure, translator)).toBe('nickname: At most 50');
  });

  it('shows the 1001 text when there are no inner errors', () => {
    expect(errorText(envelope(1001), translator)).toBe('Bad parameter');
  });

  it('shows system busy when there is no code', () => {
    expect(errorText(envelope(null, 'whatever'), translator)).toBe('System busy');
    expect(errorText(envelope(''), translator)).toBe('System busy');
  });

  it('shows code and message for a non-numeric code', () => {
    expect(errorText(envelope('E_LOCKED', 'account locked'), translator)).toBe('[E_LOCKED] account locked');
  });

  it('treats a numeric string code as its number', () => {
    expect(errorText(envelope('2004'), translator)).toBe('Account or password wrong');
  });

  it('shows code and message for an unknown numeric code, system busy without a message', () => {
    expect(errorText(envelope(9999, 'odd'), translator)).toBe('[9999] odd');
    expect(errorText(envelope(9999), translator)).toBe('System busy');
  });

  it('shows the HTTP code text for a bare HTTP error', () => {
    expect(errorText({ kind: 'http', httpStatus: 404 }, translator)).toBe('Resource not found');
    expect(errorText({ kind: 'http', httpStatus: 418 }, translator)).toBe('HTTP error 418');
  });

  it('says the server cannot be reached for network failures, and gateway timeout for timeouts', () => {
    expect(errorText({ kind: 'network' }, translator)).toBe('The server cannot be reached');
    expect(errorText({ kind: 'timeout' }, translator)).toBe('Gateway timeout');
  });
});
