import { describe, expect, it } from 'vitest';
import {
  allFailureTextKeys,
  failureSourceTextKeyOf,
  failureTextKeyOf,
  UNKNOWN_FAILURE_KEY,
} from '../../../src/client/features/detail/failure-text.js';
import { RESOURCES } from '../../../src/client/lib/locale-resources.js';
import { FAILURE_CODES, FAILURE_SOURCES } from '../../../src/shared/probe/results.js';
import { LANGUAGES } from '../../../src/shared/index.js';

type Tree = { [key: string]: string | Tree };

function textOf(language: (typeof LANGUAGES)[number], key: string): string | undefined {
  const [namespace = '', path = ''] = key.split(':');
  let node: string | Tree | undefined = RESOURCES[language][namespace as keyof (typeof RESOURCES)['en']] as Tree;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

describe('failure texts', () => {
  it('has a text for every failure code and source of the results schema, in all three languages', () => {
    const keys = allFailureTextKeys();
    for (const code of FAILURE_CODES) expect(keys).toContain(failureTextKeyOf(code));
    for (const source of FAILURE_SOURCES) expect(keys).toContain(failureSourceTextKeyOf(source));
    for (const language of LANGUAGES) {
      const missing = keys.filter((key) => !textOf(language, key)?.trim());
      expect(missing, language).toEqual([]);
    }
  });

  it('gives each code its own text, so two failures never read alike', () => {
    for (const language of LANGUAGES) {
      const texts = FAILURE_CODES.map((code) => textOf(language, failureTextKeyOf(code) ?? ''));
      expect(new Set(texts).size, language).toBe(FAILURE_CODES.length);
    }
  });

  it('reads the codes a user meets most in each language', () => {
    expect(textOf('en', failureTextKeyOf('ip_not_matched') ?? '')).toBe('IP not matched');
    expect(textOf('zh-tw', failureTextKeyOf('timeout') ?? '')).toBe('逾時');
    expect(textOf('zh-cn', failureTextKeyOf('timeout') ?? '')).toBe('超时');
  });

  it('reads a code a newer agent sends as "unknown", and no code as none', () => {
    expect(failureTextKeyOf('quantum_flux')).toBe(UNKNOWN_FAILURE_KEY);
    expect(failureTextKeyOf(null)).toBeNull();
    expect(failureSourceTextKeyOf('elsewhere')).toBe('detail:failure.source.unknown');
    expect(failureSourceTextKeyOf(null)).toBeNull();
  });
});
