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

  it('places use the names of Taiwan in Traditional and of the mainland in Simplified Chinese', () => {
    const tw = flat('zh-tw', 'places');
    const cn = flat('zh-cn', 'places');
    const en = flat('en', 'places');
    const names = (table: Map<string, string>, cities: string[]) => cities.map((city) => table.get(`city.${city}`));
    const cities = ['Guangzhou', 'Urumqi', 'Sydney', 'Istanbul', 'Vientiane', 'Sao Paulo', 'Taipei'];
    expect(names(tw, cities)).toEqual(['廣州', '烏魯木齊', '雪梨', '伊斯坦堡', '永珍', '聖保羅', '台北']);
    expect(names(cn, cities)).toEqual(['广州', '乌鲁木齐', '悉尼', '伊斯坦布尔', '万象', '圣保罗', '台北']);
    expect(names(en, cities)).toEqual(['Guangzhou', 'Urumqi', 'Sydney', 'Istanbul', 'Vientiane', 'São Paulo', 'Taipei']);
    // Taipei is written with the same 台 as the country's name in each language.
    expect(flat('zh-tw', 'places').get('codes.country.TW')?.charAt(0)).toBe(tw.get('city.Taipei')?.charAt(0));
    expect([tw.get('province.Inner Mongolia'), cn.get('province.Inner Mongolia')]).toEqual(['內蒙古', '内蒙古']);
    expect([tw.get('local'), cn.get('local'), en.get('local')]).toEqual(['本機', '本机', 'Local']);
  });

  // Simplified/Traditional pairs of characters that differ between the scripts; characters written
  // the same in both (除 示 更 新 言) or also used in Traditional text (余 范 台 里) are left out.
  const SCRIPT_PAIRS = (
    '录錄 设設 据據 务務 认認 证證 错錯 误誤 码碼 页頁 账帳 户戶 资資 讯訊 这這 进進 时時 间間 点點 网網 ' +
    '络絡 数數 项項 览覽 节節 监監 测測 态態 删刪 导導 关關 闭閉 语語 请請 为為 与與 后後 发發 应應 无無 ' +
    '动動 实實 现現 开開 显顯 个個 们們 对對 变變 确確 旧舊 统統 线線 经經 组組 结結 续續 编編 辑輯 转轉 ' +
    '载載 连連 过過 达達 迟遲 邮郵 钥鑰 链鏈 长長 问問 闲閒 电電 类類 单單 号號 会會 访訪 记記 许許 试試 ' +
    '详詳 读讀 败敗 购購 买買 员員 围圍 处處 检檢 权權 机機 灵靈 离離 体體 简簡 ' +
    // Place names (places.json).
    '滨濱 东東 辽遼 苏蘇 厦廈 门門 济濟 岛島 郑鄭 汉漢 广廣 宁寧 庆慶 贵貴 阳陽 萨薩 陕陝 兰蘭 ' +
    '肃肅 银銀 乌烏 鲁魯 齐齊 边邊 湾灣 马馬 尔爾 圣聖 罗羅 伦倫 矶磯 纽紐'
  ).split(' ');
  const SIMPLIFIED_ONLY = SCRIPT_PAIRS.map((pair) => pair.charAt(0));
  const TRADITIONAL_ONLY = SCRIPT_PAIRS.map((pair) => pair.charAt(1));
  // Language names are written in their own script (繁體中文, 简体中文) in every language.
  const isEndonym = (key: string) => key.startsWith('language.names.');

  function foreignScript(language: 'zh-tw' | 'zh-cn', foreign: readonly string[]): string[] {
    const found: string[] = [];
    for (const namespace of NAMESPACES) {
      for (const [key, text] of flat(language, namespace)) {
        const chars = [...text].filter((char) => foreign.includes(char));
        if (chars.length > 0 && !isEndonym(key)) found.push(`${namespace}:${key} ${chars.join('')}`);
      }
    }
    return found;
  }

  it('the script pairs are pairs of different characters', () => {
    for (const pair of SCRIPT_PAIRS) expect([...pair].length === 2 && pair.charAt(0) !== pair.charAt(1), pair).toBe(true);
  });

  it('Traditional Chinese texts use no Simplified-only character', () => {
    expect(foreignScript('zh-tw', SIMPLIFIED_ONLY)).toEqual([]);
  });

  it('Simplified Chinese texts use no Traditional-only character', () => {
    expect(foreignScript('zh-cn', TRADITIONAL_ONLY)).toEqual([]);
  });
});

const SOURCES = import.meta.glob('../../src/client/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }) as Record<
  string,
  string
>;

describe('keys used in the client', () => {
  it('every literal t() key exists', () => {
    const tables = new Map<string, Map<string, string>>(NAMESPACES.map((namespace) => [namespace, flat('zh-tw', namespace)]));
    const missing: string[] = [];
    for (const [file, source] of Object.entries(SOURCES)) {
      for (const match of source.matchAll(/\bt\('([a-zA-Z0-9:.]+)'/g)) {
        const key = match[1] ?? '';
        const [namespace, inner] = key.includes(':') ? key.split(':') : ['common', key];
        // A key with a count is found in its plural forms (Chinese has only `_other`).
        const table = tables.get(namespace ?? '');
        if (!table?.has(inner ?? '') && !table?.has(`${inner ?? ''}_other`)) missing.push(`${file}: ${key}`);
      }
    }
    expect(SOURCES).not.toEqual({});
    expect(missing).toEqual([]);
  });
});
