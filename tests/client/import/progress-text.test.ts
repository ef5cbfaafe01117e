import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { boundedPercent, elapsedText, endTimeText, percentText, progressTexts } from '../../../src/client/features/import/progress-text.js';
import type { Translate } from '../../../src/client/lib/error-text.js';
import { i18nOptions } from '../../../src/client/lib/i18n.js';
import type { Language } from '../../../src/shared/index.js';

function translator(language: Language): Translate {
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions(language), showSupportNotice: false });
  return (key, options) => i18n.t(key, options ?? {});
}

const en = translator('en');
const zhTw = translator('zh-tw');
const zero = { day: 0, hour: 0, minute: 0, second: 0, ms: 0 };

describe('elapsed time (day, hour, minute, second, ms)', () => {
  it('says its non-zero parts, largest first', () => {
    expect(elapsedText({ day: 1, hour: 2, minute: 0, second: 5, ms: 0 }, en)).toBe('1 d 2 h 5 s');
    expect(elapsedText({ ...zero, hour: 3, minute: 10 }, zhTw)).toBe('3 小時 10 分');
  });

  it('keeps the milliseconds only under a minute, where they still tell something', () => {
    expect(elapsedText({ ...zero, second: 12, ms: 345 }, en)).toBe('12 s 345 ms');
    expect(elapsedText({ ...zero, ms: 80 }, en)).toBe('80 ms');
    expect(elapsedText({ ...zero, minute: 1, second: 2, ms: 999 }, en)).toBe('1 min 2 s');
  });

  it('says "0 s" when nothing elapsed', () => {
    expect(elapsedText(zero, en)).toBe('0 s');
    expect(elapsedText(zero, zhTw)).toBe('0 秒');
  });
});

describe('progress', () => {
  it('is a percent with at most one decimal, within 0 to 100', () => {
    expect(percentText(42.25)).toBe('42.3');
    expect(percentText(100)).toBe('100');
    expect(percentText(0)).toBe('0');
    expect(percentText(130)).toBe('100');
    expect(percentText(-3)).toBe('0');
    expect(percentText(Number.NaN)).toBe('0');
    expect(boundedPercent(33.333)).toBe(33.3);
  });

  it('says the rows processed of all, imported and failed, in the user\'s language', () => {
    const progress = { sno: 'i1', total: 1200, processed: 600, success: 590, fail: 10, percent: 50 };
    expect(progressTexts(progress, en)).toEqual({ percent: '50 %', counts: '600 of 1,200 rows processed', success: 'Imported: 590', fail: 'Failed: 10' });
    expect(progressTexts(progress, zhTw)).toEqual({ percent: '50 %', counts: '已處理 600 / 1,200 列', success: '成功：590', fail: '失敗：10' });
  });
});

describe('the end time', () => {
  it('is written in the user\'s locale and clock, and passed through when it is no time', () => {
    expect(endTimeText('2026-11-26T08:00:00.000Z', 'en')).toBe(new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date('2026-11-26T08:00:00.000Z')));
    expect(endTimeText('soon', 'en')).toBe('soon');
  });
});
