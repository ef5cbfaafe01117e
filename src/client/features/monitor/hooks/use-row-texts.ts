import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translate } from '../../../lib/error-text.js';
import { numberText } from '../../../lib/number-text.js';

/**
 * What every row needs to write its texts, made once per list: translations are remembered by key
 * and values (rows share most of them), so 100 rows stay cheap.
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

export function useRowTexts(): RowTexts {
  const { t } = useTranslation();
  return useMemo(() => {
    const translate = rememberingTranslate((key, options) => t(key, options ?? {}));
    return {
      t: translate,
      percent: (value) => translate('common:percent', { value: numberText(value, 2) }),
      ms: (value) => translate('common:ms', { value: numberText(value, value < 10 ? 1 : 0) }),
    };
  }, [t]);
}
