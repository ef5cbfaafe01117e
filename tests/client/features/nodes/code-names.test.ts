import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../../../src/client/lib/locale-resources.js';
import { CHINA_REGIONS, COUNTRIES, ISP_CODES, LANGUAGES, MAP_TYPES, NODE_STATUSES } from '../../../../src/shared/index.js';

type Table = Record<string, string>;
const codesOf = (language: (typeof LANGUAGES)[number]) =>
  (RESOURCES[language].places as { codes: Record<string, Table> }).codes;

describe('code-table names', () => {
  it('name every value of every node code table in every language', () => {
    const tables: Record<string, readonly (string | number)[]> = {
      country: COUNTRIES,
      region: CHINA_REGIONS,
      isp: Object.values(ISP_CODES),
      mapType: Object.values(MAP_TYPES),
      nodeStatus: NODE_STATUSES,
    };
    for (const language of LANGUAGES) {
      for (const [table, values] of Object.entries(tables)) {
        const names = codesOf(language)[table] ?? {};
        expect(Object.keys(names).sort(), `${language} ${table}`).toEqual(values.map(String).sort());
      }
    }
  });

  it('writes Traditional and Simplified Chinese apart, with Taiwan as its own country', () => {
    expect(codesOf('zh-tw').country?.TW).toBe('台灣');
    expect(codesOf('zh-cn').country?.TW).toBe('台湾');
    expect(codesOf('en').country?.TW).toBe('Taiwan');
    expect(codesOf('zh-tw').region?.NC).toBe('華北');
    expect(codesOf('zh-cn').region?.NC).toBe('华北');
    expect(codesOf('zh-tw').isp?.['2']).toBe('聯通');
    expect(codesOf('zh-cn').isp?.['2']).toBe('联通');
  });
});
