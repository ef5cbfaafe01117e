import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { ApiFailure } from '../../src/client/lib/api-failure.js';
import { errorText } from '../../src/client/lib/error-text.js';
import { i18nOptions } from '../../src/client/lib/i18n.js';
import type { Language } from '../../src/shared/index.js';

function translatorOf(language: Language) {
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions(language), showSupportNotice: false });
  return { t: i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string, exists: (key: string) => i18n.exists(key) };
}

const refused = (params: Record<string, string | number>): ApiFailure => ({
  kind: 'envelope',
  code: 1001,
  message: '',
  errors: [{ field: '', code: 10010005, params }],
  httpStatus: 413,
});

describe('a refusal of the request as a whole', () => {
  it('says the request is too large, with the limit in bytes and no dangling field name', () => {
    expect(errorText(refused({ max: 1048576, kind: 'bytes' }), translatorOf('en'))).toBe('The request is too large: at most 1,048,576 bytes');
    expect(errorText(refused({ max: 2048, kind: 'bytes' }), translatorOf('zh-tw'))).toBe('請求內容過大：上限 2,048 位元組');
  });

  it('says the headers are too large', () => {
    expect(errorText(refused({ kind: 'headers' }), translatorOf('zh-cn'))).toBe('请求标头过大');
  });
});
