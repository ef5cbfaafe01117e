import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translate } from '../../lib/error-text.js';

export interface DetailFormats {
  locale: string;
  /** "99.5 %"; a dash without data. */
  percent: (value: number | null) => string;
  /** "123 ms" (one decimal under 10 ms, two under 1 ms: loopback answers in hundredths); a dash without data. */
  ms: (value: number | null) => string;
  count: (value: number) => string;
  /** Date and time in the user's language and time zone; the raw text when unreadable. */
  dateTime: (iso: string) => string;
  /** The same with a short date, for table rows. */
  shortDateTime: (iso: string) => string;
}

/** Number and time formats of the detail screens in one language. */
export function formatsOf(locale: string, t: Translate): DetailFormats {
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const finest = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const fine = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' });
  const shortDateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });
  const formatted = (format: Intl.DateTimeFormat) => (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : format.format(date);
  };
  const noValue = t('detail:noValue');
  return {
    locale,
    percent: (value) => (value === null ? noValue : t('detail:units.percent', { value: percent.format(value) })),
    ms: (value) => (value === null ? noValue : t('detail:units.ms', { value: (value < 1 ? finest : value < 10 ? fine : whole).format(value) })),
    count: (value) => whole.format(value),
    dateTime: formatted(dateTime),
    shortDateTime: formatted(shortDateTime),
  };
}

export function useFormats(): DetailFormats {
  const { t, i18n } = useTranslation();
  return useMemo(() => formatsOf(i18n.language, t), [i18n.language, t]);
}
