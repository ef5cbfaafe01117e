import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.js';
import { showSnackbar } from '../../../components/notification-store.js';
import { deleteLabels, refreshAfterLabelChange } from '../api.js';
import { groupFailureOf } from '../failures.js';
import { LABEL_KIND_INFO, type LabelKind } from '../label-kinds.js';
import { rowsInUseFirst, type SelectedRow } from '../selection.js';
import { DangerButton } from '../../../components/danger-button.js';
import { Modal, ModalActions } from '../../../components/modal.js';

/** Names shown in the confirmation; the rest are counted. */
const NAMES_SHOWN = 10;

interface LabelDeleteDialogProps {
  kind: LabelKind;
  rows: ReadonlyMap<number, SelectedRow>;
  /** Deleted: the rows leave the selection. */
  onDeleted: (ids: readonly number[]) => void;
  /** One of them was gone (deleted elsewhere), so nothing was deleted: the selection starts again. */
  onStale: () => void;
  onClose: () => void;
}

function RowUse({ row }: { row: SelectedRow }) {
  const { t, i18n } = useTranslation();
  const count = new Intl.NumberFormat(i18n.language).format(row.taskCount);
  return (
    <li className="flex flex-wrap justify-between gap-x-3 break-words">
      <span className="min-w-0 font-medium text-slate-900">{row.name}</span>
      <span className={row.taskCount > 0 ? 'text-amber-800' : 'text-slate-500'}>
        {row.taskCount > 0 ? t('groups:delete.usedBy', { count }) : t('groups:delete.unused')}
      </span>
    </li>
  );
}

/**
 * Asks before deleting domain groups or tags and says which tasks they will be cleared from; the
 * safe choice (cancel) has the focus when it opens.
 */
export function LabelDeleteDialog({ kind, rows, onDeleted, onStale, onClose }: LabelDeleteDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [notFound, setNotFound] = useState(false);
  const ordered = rowsInUseFirst(rows);
  const shown = ordered.slice(0, NAMES_SHOWN);
  const more = ordered.length - shown.length;
  const inUse = ordered.some((row) => row.taskCount > 0);
  const remove = useMutation({
    mutationFn: () => deleteLabels(kind, [...rows.keys()]),
    onSuccess: (answer) => {
      void refreshAfterLabelChange(queryClient, kind);
      showSnackbar(t(`groups:${kind}.deleted`, { deleted: answer.deleted, tasks: answer.tasksChanged }));
      onDeleted([...rows.keys()]);
      onClose();
    },
    onError: (failure) => {
      if (groupFailureOf(failure, LABEL_KIND_INFO[kind].notFoundCode).kind !== 'notFound') return;
      setNotFound(true);
      onStale();
      void refreshAfterLabelChange(queryClient, kind);
    },
  });
  return (
    <Modal open title={t(`groups:${kind}.deleteTitle`, { count: rows.size })} onClose={onClose}>
      <ul aria-label={t('groups:delete.listLabel')} className="mt-3 flex max-h-56 flex-col gap-1 overflow-y-auto text-sm">
        {shown.map((row) => (
          <RowUse key={row.id} row={row} />
        ))}
        {more > 0 && <li className="text-slate-500">{t('groups:delete.more', { count: more })}</li>}
      </ul>
      <p className="mt-3 text-sm text-slate-700">{t(inUse ? `groups:${kind}.deleteClears` : 'groups:delete.noTasks')}</p>
      {notFound && (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {t(`groups:${kind}.deleteNotFound`)}
        </p>
      )}
      <ModalActions>
        <Button variant="secondary" onClick={onClose} data-autofocus>
          {t('groups:actions.cancel')}
        </Button>
        <DangerButton onClick={() => remove.mutate()} disabled={remove.isPending || notFound || rows.size === 0}>
          {remove.isPending ? t('groups:actions.deleting') : t('groups:delete.confirm', { count: rows.size })}
        </DangerButton>
      </ModalActions>
    </Modal>
  );
}
