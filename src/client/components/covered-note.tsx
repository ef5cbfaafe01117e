import { useTranslation } from 'react-i18next';

/** What a range answer says of its range: asked from-to, and the part its figures cover. */
interface RangedAnswer {
  from: string;
  to: string;
  covered?: { from: string; to: string } | undefined;
}

/**
 * Beside a range picker: says which part of the range the figures cover when the server had to
 * narrow it (the finer data at an edge was already pruned); nothing when they cover all of it.
 */
export function CoveredNote({ answer }: { answer: RangedAnswer | undefined }) {
  const { t, i18n } = useTranslation();
  const covered = answer?.covered;
  if (!answer || !covered || (covered.from === answer.from && covered.to === answer.to)) return null;
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const from = format.format(new Date(covered.from));
  const to = format.format(new Date(covered.to));
  const text =
    covered.from === covered.to
      ? t('common:rangeCovered.none')
      : covered.to === answer.to
        ? t('common:rangeCovered.from', { from })
        : t('common:rangeCovered.span', { from, to });
  return (
    <p role="note" className="-mt-2 mb-4 text-xs text-slate-600">
      {text}
    </p>
  );
}
