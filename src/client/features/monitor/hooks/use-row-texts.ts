import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translate } from '../../../lib/error-text.js';

/**
 * What every row needs to write its texts, made once per list: translations are remembered by key
 * and values (rows share most of them), and number formats are built once, so 100 rows stay cheap.
 */
export interface RowTexts {
  t: Translate;
  /** "97.12 %", in the user's language. */
  percent: (value: number) => string;
  /** "123 ms" (one decimal below 10 ms). */
  ms: (value: number) => string;
}

/** Stands for a task's name in a remembered text; `withName` puts the name in. */
export const NAME_SLOT = '\u0000';

/** A text translated with `{ name: NAME_SLOT }`, with the task's name in its place (taken literally). */
export function withName(text: string, name: string): string {
  return text.replace(NAME_SLOT, () => name);
}

function rememberingTranslate(t: Translate): Translate {
  const texts = new Map<string, string>();
  return (key, options) => {
    const id = options ? `${key}\u0001${JSON.stringify(options)}` : key;
    let text = texts.get(id);
    if (text === undefined) {
      text = t(key, options ?? {});
      texts.set(id, text);
    }
    return text;
  };
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Made once per language and precision: building an Intl formatter costs milliseconds, on the path of the first list. */
function numberFormat(language: string, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `${language}|${maximumFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits });
    numberFormats.set(key, format);
  }
  return format;
}

export function useRowTexts(): RowTexts {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const percent = numberFormat(language, 2);
    const wholeMs = numberFormat(language, 0);
    const fineMs = numberFormat(language, 1);
    const translate = rememberingTranslate((key, options) => t(key, options ?? {}));
    return {
      t: translate,
      percent: (value) => translate('monitor:list.percent', { value: percent.format(value) }),
      ms: (value) => translate('monitor:list.ms', { value: (value < 10 ? fineMs : wholeMs).format(value) }),
    };
  }, [t, language]);
}
