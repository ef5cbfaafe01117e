import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { allProbeTextKeys, failureReason, failureSourceText, tlsVerdict } from '../../src/client/lib/failure-text.js';
import { i18nOptions } from '../../src/client/lib/i18n.js';
import { LANGUAGES, type Language } from '../../src/shared/index.js';
import { FAILURE_CODES, FAILURE_SOURCES, TLS_VERIFY_ERRORS } from '../../src/shared/probe/failure-codes.js';

function translatorOf(language: Language): TFunction {
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions(language), showSupportNotice: false });
  return i18n.t.bind(i18n);
}

const T = Object.fromEntries(LANGUAGES.map((language) => [language, translatorOf(language)])) as Record<Language, TFunction>;
const ASCII_CODE = /^[a-z_]+$|^[A-Z_]+$/;

describe('failure reasons and trust verdicts in words', () => {
  it('has a text for every code the agent can report and every fallback, in all three languages', () => {
    for (const language of LANGUAGES) {
      const missing = allProbeTextKeys().filter((key) => {
        const text = T[language](key);
        return text === key || text.trim() === '' || text === key.split('.').pop();
      });
      expect(missing, language).toEqual([]);
    }
  });

  it('reads every failure code, source and verification error as words, never as the code itself', () => {
    for (const language of LANGUAGES) {
      const t = T[language];
      for (const code of FAILURE_CODES) expect(ASCII_CODE.test(failureReason({ code }, t).text), `${language} ${code}`).toBe(false);
      for (const source of FAILURE_SOURCES) expect(failureSourceText(source, t), `${language} ${source}`).not.toBe(source);
      for (const error of TLS_VERIFY_ERRORS) expect(tlsVerdict(false, error, t)?.text, `${language} ${error}`).not.toMatch(/[A-Z]{2,}_/);
    }
  });

  it('gives each failure code and each verification error its own words', () => {
    for (const language of LANGUAGES) {
      const t = T[language];
      expect(new Set(FAILURE_CODES.map((code) => failureReason({ code }, t).text)).size, language).toBe(FAILURE_CODES.length);
      expect(new Set(TLS_VERIFY_ERRORS.map((error) => tlsVerdict(false, error, t)?.text)).size, language).toBe(TLS_VERIFY_ERRORS.length);
    }
  });

  it('puts the most specific code in small type: the errno over the agent\'s own word, nothing when the words hold the status', () => {
    expect(failureReason({ code: 'refused', detail: 'ECONNREFUSED' }, T.en)).toEqual({ text: 'Connection refused', code: 'ECONNREFUSED', detail: null });
    expect(failureReason({ code: 'http_status', detail: '503' }, T['zh-tw'])).toEqual({ text: 'HTTP 錯誤狀態碼 503', code: null, detail: null });
    expect(failureReason({ code: 'http_status', detail: 'HPE_INVALID_CONSTANT' }, T.en)).toMatchObject({ text: 'HTTP error status', code: 'HPE_INVALID_CONSTANT' });
    expect(failureReason({ code: 'timeout', detail: 'tool deadline exceeded' }, T['zh-cn'])).toEqual({ text: '超时', code: 'timeout', detail: 'tool deadline exceeded' });
  });

  it('reads a code from a newer agent, a check without a reason, and an unknown verifier error with one fallback each', () => {
    expect(failureReason({ code: 'quantum_flux' }, T.en)).toEqual({ text: 'Unknown failure', code: 'quantum_flux', detail: null });
    expect(failureReason(null, T['zh-tw']).text).toBe('原因不明');
    expect(failureSourceText('elsewhere', T.en)).toBe('Unknown');
    expect(failureSourceText(null, T.en)).toBeNull();
    expect(tlsVerdict(false, 'SOMETHING_NEW', T['zh-tw'])).toEqual({ text: '不受信任', code: 'SOMETHING_NEW', detail: null });
    expect(tlsVerdict(false, null, T.en)).toEqual({ text: 'Not trusted', code: null, detail: null });
  });

  it('reads the verdicts a first-time user met in each language', () => {
    expect(tlsVerdict(false, 'DEPTH_ZERO_SELF_SIGNED_CERT', T['zh-tw'])).toMatchObject({ text: '自我簽署的憑證', code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    expect(tlsVerdict(false, 'DEPTH_ZERO_SELF_SIGNED_CERT', T['zh-cn'])?.text).toBe('自签名证书');
    expect(tlsVerdict(true, null, T.en)).toEqual({ text: 'Trusted, valid for this name', code: null, detail: null });
    expect(tlsVerdict(null, null, T.en)).toBeNull();
  });
});
