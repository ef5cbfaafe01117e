import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18nOptions } from '../../src/client/lib/i18n.js';
import { composeAlertLines } from '../../src/shared/alerts/compose.js';
import { registerAlertMessageFormats } from '../../src/shared/alerts/message-format.js';
import { alertLineText } from '../../src/shared/alerts/message-line.js';
import type { Language } from '../../src/shared/constants.js';
import { CASES } from '../shared/alerts/message-inputs.js';
import { EXPECTED_TEXTS } from '../shared/alerts/message-texts.js';

/** The console's alert log reads a message's lines with its own i18next: the same words as the server's chats. */

function consoleTexts(language: Language) {
  const instance = createInstance();
  void instance.init({ ...i18nOptions(language), showSupportNotice: false });
  registerAlertMessageFormats(instance, 'Asia/Shanghai');
  return instance;
}

describe('alert log lines in the console', () => {
  it('read as the server renders them, in every language', () => {
    for (const { name, language, lines } of EXPECTED_TEXTS) {
      const texts = consoleTexts(language);
      const read = composeAlertLines(CASES[name] as never).map((line) => alertLineText((key, options) => texts.t(key, options), line));
      expect(read, `${name} ${language}`).toEqual(lines);
    }
  });

  it('keep a task named like a placeholder as it is', () => {
    const texts = consoleTexts('en');
    const line = { key: 'task', params: { task: '{{domain}} $t(alertmsg:test.hint)', domain: 'x.example' } };
    expect(alertLineText((key, options) => texts.t(key, options), line)).toBe('Task: {{domain}} $t(alertmsg:test.hint) (x.example)');
  });
});
