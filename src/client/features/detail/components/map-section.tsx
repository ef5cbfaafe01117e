import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DetailBreakdownAnswer, MapType, NodeBreakdown } from '../../../../shared/index.js';
import { StatusMap } from '../../../charts/index.js';
import { mapPropsOf, mapTabsOf } from '../map-data.js';
import { IpFindingBanner } from './ip-finding-banner.js';
import { Section, SectionEmpty, SectionError, SectionLoading, Tabs } from './states.js';

interface MapSectionProps {
  breakdown: DetailBreakdownAnswer | undefined;
  isError: boolean;
  onRetry: () => void;
  nameOf: (node: NodeBreakdown) => string;
}

function DetailMaps({ breakdown, nameOf }: { breakdown: DetailBreakdownAnswer; nameOf: (node: NodeBreakdown) => string }) {
  const { t } = useTranslation();
  const tabs = useMemo(() => mapTabsOf(breakdown), [breakdown]);
  const [chosen, setChosen] = useState<MapType | null>(null);
  const mapType = chosen !== null && tabs.includes(chosen) ? chosen : tabs[0];
  const props = useMemo(() => (mapType === undefined ? null : mapPropsOf(breakdown, mapType, nameOf)), [breakdown, mapType, nameOf]);
  if (mapType === undefined || props === null) return <SectionEmpty text={t('detail:map.noNodes')} />;
  return (
    <div className="flex flex-col gap-3">
      <IpFindingBanner breakdown={breakdown} nodeName={nameOf} />
      {tabs.length > 1 && (
        <Tabs
          label={t('detail:map.tabs')}
          tabs={tabs.map((value) => ({ value, label: t(`places:codes.mapType.${value}`) }))}
          value={mapType}
          onChange={setChosen}
        />
      )}
      <StatusMap
        key={mapType}
        mapType={mapType}
        nodes={props.nodes}
        regions={props.regions}
        label={t('detail:map.label', { map: t(`places:codes.mapType.${mapType}`) })}
        flagLabel={t('detail:ipFinding.legend')}
      />
    </div>
  );
}

/** The task's nodes on the China, Southeast Asia and world maps: only the maps its nodes are on. */
export function MapSection({ breakdown, isError, onRetry, nameOf }: MapSectionProps) {
  const { t } = useTranslation();
  let body;
  if (breakdown) body = <DetailMaps breakdown={breakdown} nameOf={nameOf} />;
  else body = isError ? <SectionError onRetry={onRetry} /> : <SectionLoading />;
  return <Section title={t('detail:map.title')}>{body}</Section>;
}
