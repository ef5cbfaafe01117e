import i18next from 'i18next';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { IpLinesField } from '../../../src/client/features/groups/components/ip-lines-field.js';
import { checkIpLines } from '../../../src/client/features/groups/ip-lines.js';
import { LABEL_KINDS } from '../../../src/client/features/groups/label-kinds.js';
import { i18nOptions } from '../../../src/client/lib/i18n.js';
import { RESOURCES } from '../../../src/client/lib/locale-resources.js';
import { GROUP_SORT_FIELDS, LANGUAGES, type Language } from '../../../src/shared/index.js';

type Tree = { [key: string]: string | Tree };

const SOURCES = import.meta.glob('../../../src/client/features/groups/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

function groupsOf(language: Language): Tree {
  return RESOURCES[language].groups as Tree;
}

describe('groups texts', () => {
  it('have the same keys for domain groups and for tags, in every language', () => {
    for (const language of LANGUAGES) {
      const texts = groupsOf(language);
      expect(Object.keys(texts.tag as Tree).sort(), language).toEqual(Object.keys(texts.domainGroup as Tree).sort());
    }
  });

  it('exist for every key the screens build from a kind, a tab or a sort field', () => {
    const texts = groupsOf('zh-tw');
    const kindKeys = new Set<string>();
    for (const source of Object.values(SOURCES)) {
      for (const match of source.matchAll(/`groups:\$\{kind\}\.([a-zA-Z]+)`/g)) kindKeys.add(match[1] ?? '');
    }
    expect(kindKeys.size).toBeGreaterThan(10);
    for (const kind of LABEL_KINDS) {
      for (const key of kindKeys) expect(typeof (texts[kind] as Tree)[key], `${kind}.${key}`).toBe('string');
      expect(typeof (texts.tabs as Tree)[kind]).toBe('string');
    }
    for (const field of GROUP_SORT_FIELDS) expect(typeof ((texts.sort as Tree).fields as Tree)[field]).toBe('string');
  });
});

function render(element: ReactElement, language: Language): string {
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions(language), showSupportNotice: false });
  return renderToString(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

function field(value: string, showProblems: boolean, language: Language = 'en') {
  return render(
    <IpLinesField
      label="IP"
      value={value}
      onValueChange={() => undefined}
      onBlur={() => undefined}
      lines={checkIpLines(value)}
      showProblems={showProblems}
      serverInvalid={[]}
      listError={undefined}
      disabled={false}
    />,
    language,
  );
}

describe('IP address field', () => {
  const value = '10.0.0.1\n\nwww.example.com\n10.0.0.1\n300.1.1.1';

  it('counts the addresses and the repeats as the user types', () => {
    const shown = text(field(value, false));
    expect(shown).toContain('Addresses: 1 (at most 1,000)');
    expect(shown).toContain('repeated lines left out: 1');
    expect(shown).not.toContain('Line 3');
  });

  it('names each invalid line by number once checked, and marks the field invalid', () => {
    const html = field(value, true);
    expect(text(html)).toContain('Lines that are not IPv4 or IPv6 addresses: 2');
    expect(text(html)).toContain('Line 3: www.example.com');
    expect(text(html)).toContain('Line 5: 300.1.1.1');
    expect(html).toContain('aria-invalid="true"');
    expect(text(field(value, true, 'zh-tw'))).toContain('第 3 行：www.example.com');
    expect(text(field(value, true, 'zh-cn'))).toContain('不是 IPv4 或 IPv6 地址的行：2 行');
  });

  it('lists the first ten invalid lines and counts the rest', () => {
    const shown = text(field(Array.from({ length: 13 }, (_, index) => `bad${index}`).join('\n'), true));
    expect(shown).toContain('Line 10: bad9');
    expect(shown).not.toContain('Line 11:');
    expect(shown).toContain('and 3 more lines');
  });
});
