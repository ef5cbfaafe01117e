import { MONITOR_TYPES, type SslTaskRow } from '../../../../shared/index.js';
import type { Translate } from '../../../lib/error-text.js';
import { useRowTexts } from '../hooks/use-row-texts.js';
import type { Selection } from '../hooks/use-selection.js';
import { detailPathOf } from '../../../lib/task-paths.js';
import { sslBadgeOf } from '../ssl-status.js';
import type { SslListView, SslSortField } from '../ssl-view.js';
import { DateText, DaysLeftText, SslRowButtons, SslStatusBadge, type SslRowActions } from './ssl-cells.js';
import { DeployStatusButton, NameLink, StatusSwitch, TargetText } from './task-cells.js';
import { TaskRowsTable, type TaskRowsShellProps, type TaskListLayout } from './task-rows.js';

export interface SslTableProps {
  rows: readonly SslTaskRow[];
  view: SslListView;
  selection: Selection;
  actions: SslRowActions;
  onSort: (field: SslSortField) => void;
  onOpen: (row: SslTaskRow) => void;
}

const sslTargetOf = (row: SslTaskRow) => `${row.domain.includes(':') ? `[${row.domain}]` : row.domain}:${row.port}`;

const rowBadgeOf = (row: SslTaskRow) => sslBadgeOf(row.sslStatus, row.lastCheckAt !== null);

const badgeOf = (row: SslTaskRow) => <SslStatusBadge badge={rowBadgeOf(row)} />;

/** The SSL list's columns: expiry, days left and SSL status in the service colours, last check, and the row's actions. */
function sslLayout(actions: SslRowActions, t: Translate): TaskListLayout<SslTaskRow, SslSortField> {
  return {
    caption: t('monitor:ssl.caption'),
    columns: [
      { id: 'name', header: t('monitor:columns.name'), sortField: 'name', cell: (row) => <NameLink to={detailPathOf(MONITOR_TYPES.SSL, row.id)} name={row.name} /> },
      { id: 'target', header: t('monitor:ssl.columns.target'), cell: (row) => <TargetText text={sslTargetOf(row)} /> },
      { id: 'expiry', header: t('monitor:ssl.columns.expiry'), sortField: 'expiry', cell: (row) => <DateText iso={row.validTo} /> },
      { id: 'daysLeft', header: t('monitor:ssl.columns.daysLeft'), cell: (row) => <DaysLeftText daysLeft={row.daysLeft} tone={rowBadgeOf(row).tone} /> },
      { id: 'sslStatus', header: t('monitor:ssl.columns.sslStatus'), cell: badgeOf },
      { id: 'lastCheck', header: t('monitor:ssl.columns.lastCheck'), cell: (row) => <DateText iso={row.lastCheckAt} /> },
      { id: 'status', header: t('monitor:columns.status'), cell: (row) => <StatusSwitch row={row} actions={actions} t={t} /> },
      { id: 'deploy', header: t('monitor:columns.deploy'), cell: (row) => <DeployStatusButton row={row} actions={actions} t={t} /> },
      { id: 'actions', header: t('monitor:columns.actions'), hiddenHeader: true, cell: (row) => <SslRowButtons row={row} actions={actions} t={t} /> },
    ],
    cardSubtitle: 'target',
    cardFacts: ['expiry', 'daysLeft', 'lastCheck', 'deploy'],
    cardFooter: ['status', 'actions'],
    cardBadge: badgeOf,
  };
}

/** The shared list shell's props for a page of SSL tasks. */
export function useSslRows({ rows, view, selection, actions, onSort, onOpen }: SslTableProps): TaskRowsShellProps<SslTaskRow, SslSortField> {
  const { t } = useRowTexts();
  return { layout: sslLayout(actions, t), rows, view, onSort, selection, readOnly: actions.readOnly, onOpen, t };
}

/** One row per SSL task: expiry, days left and SSL status in the service colours, last check, and the row's actions. */
export function SslTable(props: SslTableProps) {
  return <TaskRowsTable {...useSslRows(props)} />;
}
