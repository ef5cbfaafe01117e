import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxItem } from '../../../../../shared/index.js';
import { Fact } from '../../../../components/table-parts.js';
import { numberText } from '../../../../lib/number-text.js';
import { elapsedParts } from '../item-facts.js';

type Data = InboxItem['data'];

/** A list of facts: two columns from the smallest screens up. */
export function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">{children}</dl>;
}

export function TimeText({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? null : <time dateTime={iso}>{time.toLocaleString(i18n.language)}</time>;
}

export function ElapsedText({ elapsed }: { elapsed: NonNullable<Data['elapsedTime']> }) {
  const { t } = useTranslation();
  return <>{elapsedParts(elapsed).map((part) => t(`inboxscreen:elapsed.${part.unit}`, { count: part.count })).join(' ')}</>;
}

/** Counts, time taken and end time of a finished job, each under `prefix`'s words (import rows, deploy nodes). */
export function OutcomeFacts({ data, prefix }: { data: Data; prefix: 'inboxscreen:import' | 'inboxscreen:deploy' }) {
  const { t } = useTranslation();
  return (
    <Facts>
      {data.total !== undefined && <Fact label={t(`${prefix}.total`)}>{numberText(data.total)}</Fact>}
      {data.success !== undefined && <Fact label={t(`${prefix}.success`)}>{numberText(data.success)}</Fact>}
      {data.fail !== undefined && <Fact label={t(`${prefix}.fail`)}>{numberText(data.fail)}</Fact>}
      {data.elapsedTime && (
        <Fact label={t(`${prefix}.elapsed`)}>
          <ElapsedText elapsed={data.elapsedTime} />
        </Fact>
      )}
      {typeof data.endtime === 'string' && (
        <Fact label={t(`${prefix}.endtime`)}>
          <TimeText iso={data.endtime} />
        </Fact>
      )}
    </Facts>
  );
}
