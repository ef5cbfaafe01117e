import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  citiesInSeveralCountries,
  nodeCityName,
  nodeDetailLine,
  nodeDisplayName,
  nodeLocationName,
  nodePlace,
  nodeProvinceName,
  type PlacedNode,
} from '../../../../src/client/lib/node-names.js';
import { i18nOptions } from '../../../../src/client/lib/i18n.js';
import { RESOURCES } from '../../../../src/client/lib/locale-resources.js';
import { LANGUAGES, type Language } from '../../../../src/shared/index.js';

/** A translator over the bundled resources, set up exactly as the console sets up i18next. */
function translatorFor(language: Language) {
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions(language), showSupportNotice: false });
  return { t: i18n.t.bind(i18n), exists: (key: string) => i18n.exists(key) };
}

const translators = Object.fromEntries(LANGUAGES.map((language) => [language, translatorFor(language)])) as Record<
  Language,
  ReturnType<typeof translatorFor>
>;

const nameIn = (language: Language, node: PlacedNode, shared?: ReadonlySet<string>) => {
  const { t, exists } = translators[language];
  return nodeDisplayName(node, t, exists, shared);
};

const beijingTelecom: PlacedNode = { name: 'Beijing Telecom', city: 'Beijing', province: 'Beijing', country: 'CN', isp: 1 };
const urumqiMobile: PlacedNode = { name: 'Urumqi Mobile', city: 'Urumqi', province: 'Xinjiang', country: 'CN', isp: 3 };
const sydney: PlacedNode = { name: 'Sydney', city: 'Sydney', province: null, country: 'AU', isp: 8 };
const jakarta: PlacedNode = { name: 'Jakarta', city: 'Jakarta', province: null, country: 'ID', isp: 9 };
const local: PlacedNode = { name: 'Local', city: 'Local', province: null, country: 'TW', isp: 0 };

describe('node names in the user language', () => {
  it('names a China catalogue node by its city and ISP', () => {
    expect(nameIn('zh-tw', beijingTelecom)).toBe('北京 電信');
    expect(nameIn('zh-cn', beijingTelecom)).toBe('北京 电信');
    expect(nameIn('en', beijingTelecom)).toBe('Beijing Telecom');
    expect(nameIn('zh-tw', urumqiMobile)).toBe('烏魯木齊 移動');
    expect(nameIn('zh-cn', urumqiMobile)).toBe('乌鲁木齐 移动');
    expect(nameIn('zh-tw', { ...beijingTelecom, name: 'Beijing Unicom', isp: 2 })).toBe('北京 聯通');
  });

  it('names World and Southeast Asia nodes by their city alone', () => {
    expect(nameIn('zh-tw', sydney)).toBe('雪梨');
    expect(nameIn('zh-cn', sydney)).toBe('悉尼');
    expect(nameIn('en', sydney)).toBe('Sydney');
    expect(nameIn('zh-tw', jakarta)).toBe('雅加達');
    expect(nameIn('zh-cn', jakarta)).toBe('雅加达');
    expect(nameIn('en', { name: 'Sao Paulo', city: 'Sao Paulo', province: null, country: 'BR', isp: 8 })).toBe('São Paulo');
  });

  it('adds the country when a city name is found in several countries', () => {
    const shared = new Set(['Sydney']);
    expect(nameIn('zh-tw', sydney, shared)).toBe('雪梨（澳洲）');
    expect(nameIn('zh-cn', sydney, shared)).toBe('悉尼（澳大利亚）');
    expect(nameIn('en', sydney, shared)).toBe('Sydney, Australia');
    expect(nameIn('zh-tw', beijingTelecom, shared)).toBe('北京 電信');
  });

  it('keeps the name an operator gave, and names of cities without a translation', () => {
    expect(nameIn('zh-tw', { ...beijingTelecom, name: 'Beijing backup' })).toBe('Beijing backup');
    expect(nameIn('zh-tw', { ...sydney, name: 'Sydney edge 2' })).toBe('Sydney edge 2');
    expect(nameIn('zh-tw', { name: 'Suzhou Telecom', city: 'Suzhou', province: 'Jiangsu', country: 'CN', isp: 1 })).toBe('Suzhou Telecom');
    expect(nameIn('zh-tw', { name: 'Office', city: 'Tainan', province: null, country: 'TW', isp: 0 })).toBe('Office');
    expect(nameIn('zh-tw', { name: 'a.b:c', city: 'a.b:c', province: null, country: 'TW', isp: 0 })).toBe('a.b:c');
  });

  it('always names the Local node with the translated "Local"', () => {
    expect(nameIn('zh-tw', local)).toBe('本機');
    expect(nameIn('zh-cn', local)).toBe('本机');
    expect(nameIn('en', local)).toBe('Local');
    expect(nameIn('zh-tw', { ...local, country: 'US', isp: 8 })).toBe('本機');
  });

  it('never repeats "Local" or names a country for the Local node: where a place is asked, it is the server\'s machine', () => {
    const places = LANGUAGES.map((language) => {
      const { t, exists } = translators[language];
      const name = nodeDisplayName(local, t, exists);
      return [name, nodePlace(local, t, exists), nodeLocationName(local, t, exists), nodeDetailLine(local, name, t, exists)];
    });
    expect(places).toEqual([
      ['本機', '伺服器所在的主機', '伺服器所在的主機', ''],
      ['本机', '服务器所在的主机', '服务器所在的主机', ''],
      ['Local', "On the server's machine", "On the server's machine", ''],
    ]);
  });

  it("puts under a node's name only what the name does not say already", () => {
    const { t, exists } = translators['zh-tw'];
    const line = (node: PlacedNode) => nodeDetailLine(node, nodeDisplayName(node, t, exists), t, exists);
    expect(line(beijingTelecom)).toBe('');
    expect(line(urumqiMobile)).toBe('新疆');
    expect(line(sydney)).toBe('國際');
    expect(line({ name: 'Office', city: 'Tainan', province: null, country: 'TW', isp: 0 })).toBe('Tainan');
    expect(nodePlace(urumqiMobile, t, exists)).toBe('新疆');
    expect(nodePlace(sydney, t, exists)).toBe('澳洲');
  });

  it('names cities and provinces by the same tables, keeping text without a translation', () => {
    const { t, exists } = translators['zh-tw'];
    expect(nodeCityName(urumqiMobile, t, exists)).toBe('烏魯木齊');
    expect(nodeProvinceName(urumqiMobile, t, exists)).toBe('新疆');
    expect(nodeProvinceName({ province: 'Inner Mongolia' }, t, exists)).toBe('內蒙古');
    expect(nodeCityName(local, t, exists)).toBe('本機');
    expect(nodeCityName({ city: 'Tainan' }, t, exists)).toBe('Tainan');
    expect(nodeProvinceName({ province: 'Somewhere' }, t, exists)).toBe('Somewhere');
    expect(nodeProvinceName(sydney, t, exists)).toBeNull();
    const cn = translators['zh-cn'];
    expect(nodeProvinceName({ province: 'Shaanxi' }, cn.t, cn.exists)).toBe('陕西');
    expect(nodeProvinceName({ province: 'Shanxi' }, cn.t, cn.exists)).toBe('山西');
  });

  it('finds cities that the nodes place in more than one country', () => {
    const nodes = [
      { city: 'London', country: 'GB' },
      { city: 'London', country: 'GB' },
      { city: 'London', country: 'CA' },
      { city: 'Tokyo', country: 'JP' },
    ];
    expect([...citiesInSeveralCountries(nodes)]).toEqual(['London']);
    expect(citiesInSeveralCountries([]).size).toBe(0);
  });
});

/** The server's catalogue, read as text: the client may not import server code. */
const CATALOGUE = Object.values(
  import.meta.glob('../../../../src/server/db/node-catalogue.ts', { query: '?raw', import: 'default', eager: true }) as Record<
    string,
    string
  >,
)[0];

/** Its city rows: [city, province, region, …] in China, [city, country, …] elsewhere. */
function catalogueRows(): { city: string; province: string | null }[] {
  const rows = [...(CATALOGUE ?? '').matchAll(/^\s*\[("[^"]+"|'[^']+'), '([^']+)', /gm)];
  return rows.map(([, quoted = '', second = '']) => ({
    city: quoted.slice(1, -1),
    province: /^[A-Z]{2}$/.test(second) ? null : second,
  }));
}

describe('the seeded catalogue', () => {
  it('has every city and province named in every language', () => {
    const rows = catalogueRows();
    expect(rows.length).toBeGreaterThan(50);
    expect(rows).toContainEqual({ city: "Xi'an", province: 'Shaanxi' });
    expect(rows).toContainEqual({ city: 'Ho Chi Minh City', province: null });
    for (const language of LANGUAGES) {
      const { t, exists } = translators[language];
      for (const { city, province } of rows) {
        expect(exists(`places:city.${city}`), `${language} city ${city}`).toBe(true);
        if (province !== null) expect(exists(`places:province.${province}`), `${language} province ${province}`).toBe(true);
        if (language !== 'en') expect(nodeCityName({ city }, t, exists), `${language} ${city}`).not.toMatch(/[A-Za-z]/);
      }
    }
  });

  it('gives every catalogue city a name of its own in each language', () => {
    for (const language of LANGUAGES) {
      const cities = Object.values((RESOURCES[language].places as { city: Record<string, string> }).city);
      expect(new Set(cities).size, language).toBe(cities.length);
    }
  });
});
