import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpGroupRow, IpGroupSearchAnswer } from '../../../../shared/index.js';
import { NetworkButton } from '../../../components/button.js';
import { PageHeader } from '../../../components/page-header.js';
import { useClampedPage } from '../../../lib/use-clamped-page.js';
import { ipGroupPageQuery } from '../api.js';
import { useGroupListView } from '../hooks/use-group-list-view.js';
import { listBodyOf, withKeyword, withPage, withSort, withSortColumn, type GroupListView } from '../list-view.js';
import { IpGroupDeleteDialog } from './ip-group-delete-dialog.js';
import { IpGroupDialog } from './ip-group-dialog.js';
import { IpGroupCards, IpGroupTable } from './ip-group-table.js';
import { IpGroupViewDialog } from './ip-group-view-dialog.js';
import { GroupResults } from './group-results.js';
import { GroupListError, GroupListSkeleton } from './list-states.js';
import { ListToolbar } from './list-toolbar.js';
import { ReadOnlyNote } from './read-only-note.js';
import type { ViewUpdate } from '../../../lib/use-url-view.js';

type DialogState =
  | { type: 'create' }
  | { type: 'edit'; id: number }
  | { type: 'view'; row: IpGroupRow }
  | { type: 'delete'; row: IpGroupRow }
  | null;

interface IpGroupResultsProps {
  answer: IpGroupSearchAnswer;
  view: GroupListView;
  onView: (update: ViewUpdate<GroupListView>) => void;
  stale: boolean;
  readOnly: boolean;
  onDialog: (dialog: DialogState) => void;
}

function IpGroupResults({ answer, view, onView, stale, readOnly, onDialog }: IpGroupResultsProps) {
  const { t } = useTranslation();
  const rowProps = {
    rows: answer.list,
    view,
    readOnly,
    onSort: (field: GroupListView['sortBy']) => onView((latest) => withSortColumn(latest, field)),
    onView: (row: IpGroupRow) => onDialog({ type: 'view', row }),
    onEdit: (row: IpGroupRow) => onDialog({ type: 'edit', id: row.id }),
    onDelete: (row: IpGroupRow) => onDialog({ type: 'delete', row }),
  };
  const emptyTexts = {
    none: t('groups:ipGroup.empty'),
    searched: t('groups:ipGroup.emptySearch', { keyword: view.keyword }),
    create: t('groups:ipGroup.create'),
  };
  return (
    <GroupResults answer={answer} view={view} onView={onView} stale={stale} emptyTexts={emptyTexts} onCreate={readOnly ? undefined : () => onDialog({ type: 'create' })}>
      <IpGroupTable {...rowProps} />
      <IpGroupCards {...rowProps} />
    </GroupResults>
  );
}

function IpGroupDialogs({ dialog, readOnly, onDialog }: { dialog: DialogState; readOnly: boolean; onDialog: (dialog: DialogState) => void }) {
  const close = () => onDialog(null);
  switch (dialog?.type) {
    case 'view':
      return <IpGroupViewDialog id={dialog.row.id} name={dialog.row.name} readOnly={readOnly} onEdit={() => onDialog({ type: 'edit', id: dialog.row.id })} onClose={close} />;
    case 'create':
      return readOnly ? null : <IpGroupDialog id={null} onClose={close} />;
    case 'edit':
      return readOnly ? null : <IpGroupDialog key={dialog.id} id={dialog.id} onClose={close} />;
    case 'delete':
      return readOnly ? null : <IpGroupDeleteDialog row={dialog.row} onClose={close} />;
    default:
      return null;
  }
}

/**
 * /matchip: the customer's matched-IP groups (named address lists a task's IP match also accepts),
 * with search (name or address), sorting, paging, and create, view, edit and delete in dialogs.
 */
export function MatchIpPage({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const [view, setView] = useGroupListView();
  const [dialog, setDialog] = useState<DialogState>(null);
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(ipGroupPageQuery(listBodyOf(view)));
  useClampedPage(view, isPlaceholderData ? undefined : data?.total, setView, withPage);
  return (
    <div>
      <PageHeader title={t('routes.matchIp')} />
      <p className="-mt-3 mb-4 max-w-3xl text-sm text-slate-600">{t('groups:ipGroup.intro')}</p>
      {readOnly && <ReadOnlyNote />}
      <ListToolbar
        view={view}
        searchPlaceholder={t('groups:ipGroup.searchPlaceholder')}
        onKeyword={(keyword) => setView((latest) => withKeyword(latest, keyword))}
        onSort={(sortBy, sortOrder) => setView((latest) => withSort(latest, sortBy, sortOrder))}
      >
        {!readOnly && <NetworkButton onClick={() => setDialog({ type: 'create' })}>{t('groups:ipGroup.create')}</NetworkButton>}
      </ListToolbar>
      {isError && <GroupListError text={t('groups:ipGroup.loadFailed')} onRetry={() => void refetch()} />}
      {!isError && isPending && <GroupListSkeleton />}
      {data && <IpGroupResults answer={data} view={view} onView={setView} stale={isPlaceholderData} readOnly={readOnly} onDialog={setDialog} />}
      <IpGroupDialogs dialog={dialog} readOnly={readOnly} onDialog={setDialog} />
    </div>
  );
}
