import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NodeSummary } from '../../../../shared/index.js';
import { citiesInSeveralCountries, nodeDisplayName } from '../../../lib/node-names.js';
import { AgentVersion, CapabilityLabels, DroppedResults, LastSeen, NodeLocation } from './node-facts.js';
import { NodeStatusBadge } from './status-badge.js';

interface NodeRowsProps {
  nodes: readonly NodeSummary[];
  now: number;
}

const COLUMNS = ['name', 'location', 'country', 'isp', 'status', 'capabilities', 'agentVersion', 'lastSeen'] as const;

/** Names in the user's language: the node's own (see nodeDisplayName), its country and ISP. */
function useCodeNames(nodes: readonly NodeSummary[]) {
  const { t, i18n } = useTranslation();
  const sharedCities = useMemo(() => citiesInSeveralCountries(nodes), [nodes]);
  return {
    name: (node: NodeSummary) => nodeDisplayName(node, t, (key) => i18n.exists(key), sharedCities),
    country: (node: NodeSummary) => t(`places:codes.country.${node.country}`, { defaultValue: node.country }),
    isp: (node: NodeSummary) => t(`places:codes.isp.${node.isp}`),
  };
}

function Cell({ children }: { children: ReactNode }) {
  return <td className="px-3 py-2.5 align-top text-sm text-slate-700">{children}</td>;
}

/** Wide screens: one row per node, named by the node so tests and screen readers find it. */
export function NodeTable({ nodes, now }: NodeRowsProps) {
  const { t } = useTranslation();
  const names = useCodeNames(nodes);
  return (
    <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white lg:block">
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="sr-only">{t('nodes:caption')}</caption>
        <thead className="bg-slate-50">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 text-left text-xs font-semibold whitespace-nowrap text-slate-600">
                {t(`nodes:columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {nodes.map((node) => (
            <tr key={node.id} aria-label={names.name(node)} data-node-id={node.id}>
              <th scope="row" className="px-3 py-2.5 text-left align-top text-sm font-medium text-slate-900">
                {names.name(node)}
              </th>
              <Cell>
                <NodeLocation node={node} />
              </Cell>
              <Cell>{names.country(node)}</Cell>
              <Cell>{names.isp(node)}</Cell>
              <Cell>
                <NodeStatusBadge status={node.status} />
                <DroppedResults node={node} now={now} />
              </Cell>
              <Cell>
                <CapabilityLabels capabilities={node.capabilities} />
              </Cell>
              <Cell>
                <AgentVersion version={node.agentVersion} />
              </Cell>
              <Cell>
                <LastSeen lastSeen={node.lastSeen} now={now} />
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-800">{children}</dd>
    </div>
  );
}

/** Narrow screens (down to 360 px): one card per node with the same facts. */
export function NodeCards({ nodes, now }: NodeRowsProps) {
  const { t } = useTranslation();
  const names = useCodeNames(nodes);
  return (
    <ul aria-label={t('nodes:caption')} className="grid gap-3 sm:grid-cols-2 lg:hidden">
      {nodes.map((node) => (
        <li key={node.id} aria-label={names.name(node)} data-node-id={node.id} className="rounded-lg border border-slate-200 bg-white p-4">
          <div className="mb-3 flex items-start justify-between gap-2">
            <h2 className="text-sm font-semibold break-words text-slate-900">{names.name(node)}</h2>
            <NodeStatusBadge status={node.status} />
          </div>
          <dl className="grid grid-cols-2 gap-3">
            <Fact label={t('nodes:columns.location')}>
              <NodeLocation node={node} />
            </Fact>
            <Fact label={t('nodes:columns.country')}>{names.country(node)}</Fact>
            <Fact label={t('nodes:columns.isp')}>{names.isp(node)}</Fact>
            <Fact label={t('nodes:columns.lastSeen')}>
              <LastSeen lastSeen={node.lastSeen} now={now} />
            </Fact>
            <Fact label={t('nodes:columns.agentVersion')}>
              <AgentVersion version={node.agentVersion} />
            </Fact>
            <Fact label={t('nodes:columns.capabilities')}>
              <CapabilityLabels capabilities={node.capabilities} />
            </Fact>
          </dl>
          <DroppedResults node={node} now={now} />
        </li>
      ))}
    </ul>
  );
}
