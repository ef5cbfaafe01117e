import { describe, expect, it } from 'vitest';
import { countdownSecondsFor, idleStep, mergeIdleTimes } from '../../src/client/app/idle/idle-schedule.js';
import { fieldErrorMap } from '../../src/client/lib/field-errors.js';
import { htmlLangOf, languageCookie, languageFromCookie } from '../../src/client/lib/language.js';

describe('language cookie', () => {
  it('reads the lang cookie and defaults to zh-tw', () => {
    expect(languageFromCookie('a=1; lang=en; b=2')).toBe('en');
    expect(languageFromCookie('lang=zh-CN')).toBe('zh-cn');
    expect(languageFromCookie('lang=fr')).toBe('zh-tw');
    expect(languageFromCookie('')).toBe('zh-tw');
  });

  it('writes a one-year cookie on the whole site', () => {
    expect(languageCookie('zh-cn')).toBe('lang=zh-cn; path=/; max-age=31536000; SameSite=Lax');
  });

  it('names the html lang of each language', () => {
    expect(htmlLangOf('zh-tw')).toBe('zh-Hant-TW');
    expect(htmlLangOf('zh-cn')).toBe('zh-Hans-CN');
    expect(htmlLangOf('en')).toBe('en');
  });
});

describe('idle schedule', () => {
  const base = { lastActivity: 0, lastWake: 0, idleSeconds: 1800 };

  it('keeps the countdown for the last 30 s of the idle time, so it ends when the server ends the session', () => {
    expect(idleStep({ ...base, now: 1_769_999 })).toEqual({ kind: 'active' });
    expect(idleStep({ ...base, now: 1_770_000 })).toEqual({ kind: 'countdown', secondsLeft: 30 });
    expect(idleStep({ ...base, now: 1_780_500 })).toEqual({ kind: 'countdown', secondsLeft: 20 });
    expect(idleStep({ ...base, now: 1_800_000 })).toEqual({ kind: 'countdown', secondsLeft: 0 });
  });

  it('wakes the server instead of counting down when the user was active since the last wake-up', () => {
    expect(idleStep({ ...base, lastActivity: 10_000, now: 30_000 })).toEqual({ kind: 'active' });
    expect(idleStep({ ...base, lastActivity: 10_000, now: 60_000 })).toEqual({ kind: 'wake' });
  });

  it('gives a short idle time half of it as countdown', () => {
    expect(countdownSecondsFor(6)).toBe(3);
    expect(countdownSecondsFor(1)).toBe(1);
    expect(countdownSecondsFor(1800)).toBe(30);
    expect(idleStep({ ...base, idleSeconds: 6, now: 3_000 })).toEqual({ kind: 'countdown', secondsLeft: 3 });
    expect(idleStep({ ...base, idleSeconds: 6, lastActivity: 1_000, now: 3_000 })).toEqual({ kind: 'wake' });
  });
});

describe('idle times of several tabs', () => {
  it('takes the latest activity and the latest wake-up of any tab', () => {
    const thisTab = { lastActivity: 5_000, lastWake: 9_000 };
    const otherTabs = { lastActivity: 8_000, lastWake: 6_000 };
    expect(mergeIdleTimes(10_000, [thisTab, otherTabs])).toEqual({ lastActivity: 8_000, lastWake: 9_000 });
  });

  it('ignores missing, unreadable and future times', () => {
    const thisTab = { lastActivity: 5_000, lastWake: 4_000 };
    expect(mergeIdleTimes(10_000, [thisTab, {}])).toEqual(thisTab);
    expect(mergeIdleTimes(10_000, [thisTab, { lastActivity: Number.NaN, lastWake: 60_000 }])).toEqual(thisTab);
    expect(mergeIdleTimes(10_000, [])).toEqual({ lastActivity: 0, lastWake: 0 });
  });

  it('keeps a hidden tab from counting down while the user works in another tab', () => {
    const idleSeconds = 1800;
    const hiddenTab = { lastActivity: 0, lastWake: 0 };
    const now = 1_790_000;
    expect(idleStep({ now, idleSeconds, ...hiddenTab }).kind).toBe('countdown');
    const activeTab = { lastActivity: 1_785_000, lastWake: 1_750_000 };
    expect(idleStep({ now, idleSeconds, ...mergeIdleTimes(now, [hiddenTab, activeTab]) })).toEqual({ kind: 'active' });
  });

  it('lets a wake-up in one tab end the countdown in every tab', () => {
    const idleSeconds = 1800;
    const now = 1_790_000;
    const merged = mergeIdleTimes(now, [{ lastActivity: 0, lastWake: 0 }, { lastActivity: 1_789_000, lastWake: 1_789_000 }]);
    expect(idleStep({ now, idleSeconds, ...merged })).toEqual({ kind: 'active' });
  });
});

describe('fieldErrorMap', () => {
  it('keeps the first error of each field', () => {
    const map = fieldErrorMap([
      { field: 'email', code: 10010002 },
      { field: 'email', code: 10010004 },
      { field: 'oldPassword', code: 10010008 },
    ]);
    expect(map.email?.code).toBe(10010002);
    expect(map.oldPassword?.code).toBe(10010008);
    expect(map.name).toBeUndefined();
  });
});
