import { describe, expect, it } from 'vitest';
import { ERROR_CODES, LANGUAGES, UNREACHABLE_RESULT_CODE } from '../../src/shared/index.js';
import { NAMESPACES, RESOURCES } from '../../src/client/lib/locale-resources.js';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((match) => match[1] ?? '').sort();
}

const flat = (language: (typeof LANGUAGES)[number], namespace: (typeof NAMESPACES)[number]) =>
  flatten(RESOURCES[language][namespace] as Tree);

describe('locales', () => {
  for (const namespace of NAMESPACES) {
    const reference = flat('zh-tw', namespace);

    it(`${namespace}: every language has the same keys`, () => {
      for (const language of LANGUAGES) {
        expect([...flat(language, namespace).keys()].sort(), language).toEqual([...reference.keys()].sort());
      }
    });

    it(`${namespace}: every text is non-empty and has the same placeholders in every language`, () => {
      for (const language of LANGUAGES) {
        for (const [key, text] of flat(language, namespace)) {
          expect(text.trim(), `${language} ${namespace}:${key}`).not.toBe('');
          expect(placeholders(text), `${language} ${namespace}:${key}`).toEqual(placeholders(reference.get(key) ?? ''));
        }
      }
    });
  }

  it('every error code of the catalogue (and 000) has a text in every language', () => {
    const codes = [...ERROR_CODES.map(String), UNREACHABLE_RESULT_CODE];
    for (const language of LANGUAGES) {
      const errors = flat(language, 'errors');
      const missing = codes.filter((code) => !errors.get(code));
      expect(missing, language).toEqual([]);
    }
  });

  it('placeholders use the {{name}} syntax only', () => {
    for (const language of LANGUAGES) {
      for (const namespace of NAMESPACES) {
        for (const [key, text] of flat(language, namespace)) {
          const stripped = text.replace(/\{\{[^{}]+\}\}/g, '');
          expect(/\{|\}|\$t\(/.test(stripped), `${language} ${namespace}:${key}`).toBe(false);
        }
      }
    }
  });

  it('Traditional and Simplified Chinese texts differ where the script differs', () => {
    const tw = flat('zh-tw', 'common');
    const cn = flat('zh-cn', 'common');
    expect(tw.get('login.submit')).toBe('登入');
    expect(cn.get('login.submit')).toBe('登录');
    expect(flat('zh-tw', 'errors').get('2004')).not.toBe(flat('zh-cn', 'errors').get('2004'));
  });
});

const SOURCES = import.meta.glob('../../src/client/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }) as Record<
  string,
  string
>;

describe('keys used in the client', () => {
  it('every literal t() key exists', () => {
    const common = flat('zh-tw', 'common');
    const errors = flat('zh-tw', 'errors');
    const missing: string[] = [];
    for (const [file, source] of Object.entries(SOURCES)) {
      for (const match of source.matchAll(/\bt\('([a-zA-Z0-9:.]+)'/g)) {
        const key = match[1] ?? '';
        const [namespace, inner] = key.includes(':') ? key.split(':') : ['common', key];
        const table = namespace === 'errors' ? errors : common;
        if (!table.has(inner ?? '')) missing.push(`${file}: ${key}`);
      }
    }
    expect(SOURCES).not.toEqual({});
    expect(missing).toEqual([]);
  });
});
