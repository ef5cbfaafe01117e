import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupListAnswer, GroupRow } from '../../../../shared/index.js';
import { NetworkButton } from '../../../components/button.js';
import { SelectionBar, type BatchFigures, type SelectionBarTexts } from '../../../components/selection-bar.js';
import type { Translate } from '../../../lib/error-text.js';
import { useClampedPage } from '../../../lib/use-clamped-page.js';
import { labelPageQuery } from '../api.js';
import { useGroupListView } from '../hooks/use-group-list-view.js';
import { useSelection, type Selection } from '../hooks/use-selection.js';
import type { LabelKind } from '../label-kinds.js';
import { listBodyOf, withKeyword, withPage, withSort, withSortColumn, type GroupListView } from '../list-view.js';
import { BATCH_MAX, type SelectedRows } from '../selection.js';
import { LabelCards, LabelTable } from './label-table.js';
import { LabelDeleteDialog } from './label-delete-dialog.js';
import { GroupResults } from './group-results.js';
import { GroupListError, GroupListSkeleton } from './list-states.js';
import { ListToolbar } from './list-toolbar.js';
import { NameDialog } from './name-dialog.js';
import type { ViewUpdate } from '../../../lib/use-url-view.js';

/** The open dialog: naming (a new one, or renaming a row) or deleting chosen rows. */
type DialogState = { type: 'name'; row: GroupRow | null } | { type: 'delete'; rows: SelectedRows } | null;

interface LabelResultsProps {
  kind: LabelKind;
  answer: GroupListAnswer;
  view: GroupListView;
  onView: (update: ViewUpdate<GroupListView>) => void;
  stale: boolean;
  selection: Selection | null;
  onDialog: (dialog: DialogState) => void;
}

function LabelResults({ kind, answer, view, onView, stale, selection, onDialog }: LabelResultsProps) {
  const { t } = useTranslation();
  const rowProps = {
    kind,
    rows: answer.list,
    view,
    selection,
    onSort: (field: GroupListView['sortBy']) => onView((latest) => withSortColumn(latest, field)),
    onRename: (row: GroupRow) => onDialog({ type: 'name', row }),
    onDelete: (row: GroupRow) => onDialog({ type: 'delete', rows: new Map([[row.id, { id: row.id, name: row.name, taskCount: row.taskCount }]]) }),
  };
  const emptyTexts = {
    none: t(`groups:${kind}.empty`),
    searched: t(`groups:${kind}.emptySearch`, { keyword: view.keyword }),
    create: t(`groups:${kind}.create`),
  };
  return (
    <GroupResults answer={answer} view={view} onView={onView} stale={stale} emptyTexts={emptyTexts} onCreate={selection ? () => onDialog({ type: 'name', row: null }) : undefined}>
      <LabelTable {...rowProps} />
      <LabelCards {...rowProps} />
    </GroupResults>
  );
}

/** The chosen rows take the task counts of each new answer, so the confirmation tells the truth. */
function useFreshSelection(selection: Selection, answer: GroupListAnswer | undefined) {
  const { refresh } = selection;
  useEffect(() => {
    if (answer) refresh(answer.list.map((row) => ({ id: row.id, name: row.name, taskCount: row.taskCount })));
  }, [answer, refresh]);
}

function LabelDialogs({ kind, dialog, selection, onClose }: { kind: LabelKind; dialog: DialogState; selection: Selection; onClose: () => void }) {
  if (dialog?.type === 'name') return <NameDialog kind={kind} row={dialog.row} onClose={onClose} />;
  if (dialog?.type === 'delete') {
    return <LabelDeleteDialog kind={kind} rows={dialog.rows} onDeleted={selection.clear} onStale={() => selection.clear()} onClose={onClose} />;
  }
  return null;
}

/** The bar over the chosen rows, in the groups' words. */
const selectionTextsOf =
  (t: Translate) =>
  ({ shown, max }: BatchFigures): SelectionBarTexts => ({
    region: t('groups:select.label'),
    count: t('groups:select.count', { count: shown }),
    max: t('groups:select.max', { max }),
    clear: t('groups:select.clear'),
    delete: t('groups:actions.deleteSelected'),
  });

/** One tab of "Groups and tags": the domain groups or the tags, with search, sorting, paging, naming and delete. */
export function LabelPanel({ kind, readOnly }: { kind: LabelKind; readOnly: boolean }) {
  const { t } = useTranslation();
  const [view, setView] = useGroupListView();
  const selection = useSelection();
  const [dialog, setDialog] = useState<DialogState>(null);
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(labelPageQuery(kind, listBodyOf(view)));
  useClampedPage(view, isPlaceholderData ? undefined : data?.total, setView, withPage);
  useFreshSelection(selection, isPlaceholderData ? undefined : data);
  const create = () => setDialog({ type: 'name', row: null });
  return (
    <div>
      <ListToolbar
        view={view}
        searchPlaceholder={t(`groups:${kind}.searchPlaceholder`)}
        onKeyword={(keyword) => setView((latest) => withKeyword(latest, keyword))}
        onSort={(sortBy, sortOrder) => setView((latest) => withSort(latest, sortBy, sortOrder))}
      >
        {!readOnly && <NetworkButton onClick={create}>{t(`groups:${kind}.create`)}</NetworkButton>}
      </ListToolbar>
      {!readOnly && <SelectionBar selection={selection} max={BATCH_MAX} textsOf={selectionTextsOf(t)} onDelete={() => setDialog({ type: 'delete', rows: selection.selected })} />}
      {isError && <GroupListError text={t(`groups:${kind}.loadFailed`)} onRetry={() => void refetch()} />}
      {!isError && isPending && <GroupListSkeleton />}
      {data && (
        <LabelResults
          kind={kind}
          answer={data}
          view={view}
          onView={setView}
          stale={isPlaceholderData}
          selection={readOnly ? null : selection}
          onDialog={setDialog}
        />
      )}
      {!readOnly && <LabelDialogs kind={kind} dialog={dialog} selection={selection} onClose={() => setDialog(null)} />}
    </div>
  );
}
