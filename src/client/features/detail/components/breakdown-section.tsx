import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DetailBreakdownAnswer } from '../../../../shared/index.js';
import {
  breakdownKindsOf,
  breakdownRowsOf,
  DEFAULT_BREAKDOWN_SORT,
  nextSort,
  sortBreakdownRows,
  type BreakdownKind,
  type BreakdownNamer,
  type BreakdownSort,
} from '../breakdown-rows.js';
import { BreakdownTable } from './breakdown-table.js';
import { Section, SectionEmpty, SectionError, SectionLoading, Tabs } from './states.js';

function Breakdowns({ breakdown, namer }: { breakdown: DetailBreakdownAnswer; namer: BreakdownNamer }) {
  const { t, i18n } = useTranslation();
  const kinds = breakdownKindsOf(breakdown);
  const [chosen, setChosen] = useState<BreakdownKind>('nodes');
  const kind = kinds.includes(chosen) ? chosen : 'nodes';
  const [sort, setSort] = useState<BreakdownSort>(DEFAULT_BREAKDOWN_SORT);
  const rows = useMemo(
    () => sortBreakdownRows(breakdownRowsOf(breakdown, kind, namer), sort, i18n.language),
    [breakdown, kind, namer, sort, i18n.language],
  );
  return (
    <div className="flex flex-col gap-3">
      <Tabs
        label={t('detail:breakdown.tabs')}
        tabs={kinds.map((value) => ({ value, label: t(`detail:breakdown.kind.${value}`) }))}
        value={kind}
        onChange={setChosen}
      />
      {rows.length === 0 ? (
        <SectionEmpty text={t('detail:breakdown.empty')} />
      ) : (
        <BreakdownTable
          caption={t(`detail:breakdown.kind.${kind}`)}
          nameLabel={t(`detail:breakdown.name.${kind}`)}
          rows={rows}
          sort={sort}
          onSort={(field) => setSort((current) => nextSort(current, field))}
          showNodeCount={kind !== 'nodes'}
        />
      )}
    </div>
  );
}

interface BreakdownSectionProps {
  breakdown: DetailBreakdownAnswer | undefined;
  isError: boolean;
  onRetry: () => void;
  namer: BreakdownNamer;
}

/** Figures per node, per ISP, per province and per country over the range; worst first until sorted otherwise. */
export function BreakdownSection({ breakdown, isError, onRetry, namer }: BreakdownSectionProps) {
  const { t } = useTranslation();
  let body;
  if (breakdown) body = <Breakdowns breakdown={breakdown} namer={namer} />;
  else body = isError ? <SectionError onRetry={onRetry} /> : <SectionLoading />;
  return <Section title={t('detail:breakdown.title')}>{body}</Section>;
}
