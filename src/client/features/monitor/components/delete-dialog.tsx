import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.js';
import { DangerButton } from '../../../components/danger-button.js';
import type { SelectedTask } from '../hooks/use-selection.js';

/** Names shown in the confirmation; the rest are counted. */
const NAMES_SHOWN = 10;

interface DeleteDialogProps {
  open: boolean;
  tasks: readonly SelectedTask[];
  deleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a bulk delete; the safe choice (cancel) has the focus when it opens. */
export function DeleteDialog({ open, tasks, deleting, onConfirm, onClose }: DeleteDialogProps) {
  const { t } = useTranslation();
  // Closed, it is not mounted at all: a closed Headless UI dialog still runs layout effects that
  // update state, an urgent re-render that runs the list's effects before its first paint.
  if (!open) return null;
  const shown = tasks.slice(0, NAMES_SHOWN);
  const more = tasks.length - shown.length;
  const deploying = tasks.filter((task) => task.deploying).length;
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <DialogPanel data-delete-dialog className="relative w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
        <DialogTitle className="text-lg font-semibold text-slate-900">{t('monitor:delete.title', { count: tasks.length })}</DialogTitle>
        <Description className="mt-2 text-sm text-slate-700">{t('monitor:delete.description')}</Description>
        {deploying > 0 && (
          <p className="mt-2 rounded-md bg-yellow-50 px-3 py-2 text-sm text-yellow-900">{t('monitor:delete.deploying', { count: deploying })}</p>
        )}
        <ul className="mt-3 max-h-48 list-disc overflow-y-auto pl-5 text-sm text-slate-800">
          {shown.map((task) => (
            <li key={task.id} className="break-words">
              {task.name}
            </li>
          ))}
          {more > 0 && <li className="list-none text-slate-500">{t('monitor:delete.more', { count: more })}</li>}
        </ul>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} autoFocus>
            {t('monitor:dialog.cancel')}
          </Button>
          <DangerButton onClick={onConfirm} taskChange disabled={deleting || tasks.length === 0}>
            {t('monitor:delete.confirm', { count: tasks.length })}
          </DangerButton>
        </div>
      </DialogPanel>
    </Dialog>
  );
}
