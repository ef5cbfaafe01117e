import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpGroupRow } from '../../../../shared/index.js';
import { Button } from '../../../components/button.js';
import { showSnackbar } from '../../../components/notification-store.js';
import { deleteIpGroup, ipGroupQuery, refreshAfterIpGroupChange } from '../api.js';
import { groupFailureOf } from '../failures.js';
import { DangerButton } from '../../../components/danger-button.js';
import { Modal, ModalActions } from '../../../components/modal.js';

const NOT_FOUND = 2112;

type Outcome = 'inUse' | 'gone' | null;

function Problem({ text }: { text: string }) {
  return (
    <p role="alert" className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      {text}
    </p>
  );
}

/**
 * Asks before deleting a matched-IP group. A group a task uses cannot be deleted (2013): the dialog
 * reads the group afresh, says so before anything is tried, and says it again if the server refuses.
 */
export function IpGroupDeleteDialog({ row, onClose }: { row: IpGroupRow; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const fresh = useQuery(ipGroupQuery(row.id));
  const [outcome, setOutcome] = useState<Outcome>(null);
  const taskCount = fresh.data?.taskCount ?? row.taskCount;
  const remove = useMutation({
    mutationFn: () => deleteIpGroup(row.id),
    onSuccess: () => {
      void refreshAfterIpGroupChange(queryClient, row.id);
      showSnackbar(t('groups:ipGroup.deleted', { name: row.name }));
      onClose();
    },
    onError: (failure) => {
      const meaning = groupFailureOf(failure, NOT_FOUND).kind;
      if (meaning !== 'inUse' && meaning !== 'notFound') return;
      setOutcome(meaning === 'inUse' ? 'inUse' : 'gone');
      // The count that the refusal is about, and the list behind the dialog, come afresh.
      void refreshAfterIpGroupChange(queryClient, meaning === 'notFound' ? row.id : undefined);
    },
  });
  const inUse = taskCount > 0 || outcome === 'inUse';
  const count = new Intl.NumberFormat(i18n.language).format(Math.max(taskCount, 1));
  return (
    <Modal open title={t('groups:ipGroup.deleteTitle', { name: row.name })} onClose={onClose}>
      {!inUse && outcome === null && <p className="mt-2 text-sm text-slate-700">{t('groups:ipGroup.deleteNote')}</p>}
      {inUse && outcome !== 'gone' && <Problem text={t('groups:ipGroup.inUse', { count })} />}
      {outcome === 'gone' && <Problem text={t('groups:ipGroup.notFound')} />}
      <ModalActions>
        <Button variant="secondary" onClick={onClose} data-autofocus>
          {t(inUse || outcome === 'gone' ? 'groups:actions.close' : 'groups:actions.cancel')}
        </Button>
        {!inUse && outcome === null && (
          <DangerButton onClick={() => remove.mutate()} disabled={remove.isPending || fresh.isPending}>
            {remove.isPending ? t('groups:actions.deleting') : t('groups:actions.delete')}
          </DangerButton>
        )}
      </ModalActions>
    </Modal>
  );
}
