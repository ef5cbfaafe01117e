import { useTranslation } from 'react-i18next';
import { htmlLangOf, isLanguage } from '../lib/language.js';

/** The BCP 47 locale of the console's language, for Intl number and date formats on the charts. */
export function useChartLocale(): string {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? htmlLangOf(i18n.language) : 'en';
}

export interface NumberFormats {
  /** A percentage given as 0-100. */
  percent: (value: number) => string;
  /** A whole or decimal count (ms), grouped by the locale. */
  number: (value: number) => string;
}

export function numberFormats(locale: string): NumberFormats {
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return { percent: (value) => percent.format(value / 100), number: (value) => number.format(value) };
}
