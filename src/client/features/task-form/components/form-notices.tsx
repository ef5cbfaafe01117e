import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.js';
import { errorText } from '../../../lib/error-text.js';
import type { SaveProblem } from '../save-failure.js';

/** Asks before unsaved changes are left behind. */
export function LeaveDialog({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onStay} className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <DialogPanel className="relative w-full max-w-sm rounded-xl bg-white p-6 shadow-xl">
        <DialogTitle className="text-lg font-semibold text-slate-900">{t('taskform:leave.title')}</DialogTitle>
        <Description className="mt-2 text-sm text-slate-700">{t('taskform:leave.text')}</Description>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onLeave}>
            {t('taskform:leave.leave')}
          </Button>
          <Button onClick={onStay} autoFocus>
            {t('taskform:leave.stay')}
          </Button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}

function problemText(problem: SaveProblem, t: (key: string, options?: Record<string, unknown>) => string, exists: (key: string) => boolean): string {
  switch (problem.kind) {
    case 'deploying':
      return t('taskform:problems.deploying');
    case 'points':
      return t('taskform:problems.points');
    case 'notFound':
      return t('taskform:problems.notFound');
    case 'unchanged':
      return t('taskform:problems.unchanged');
    case 'other':
      return problem.failure
        ? t('taskform:problems.other', { text: errorText(problem.failure, { t, exists }) })
        : t('taskform:problems.otherUnknown');
  }
}

/** Why the last save did not go through, next to the buttons; the form keeps every value. */
export function SaveProblemNotice({ problem }: { problem: SaveProblem | null }) {
  const { t, i18n } = useTranslation();
  if (problem === null) return null;
  const calm = problem.kind === 'unchanged';
  return (
    <p
      role={calm ? 'status' : 'alert'}
      data-problem={problem.kind}
      className={`rounded-md p-3 text-sm font-medium ${calm ? 'bg-slate-100 text-slate-800' : 'bg-red-50 text-red-800'}`}
    >
      {problemText(problem, (key, options) => t(key, options ?? {}), (key) => i18n.exists(key))}
    </p>
  );
}

/** The summary read out when checking finds errors; each error also stands under its field. */
export function ErrorSummary({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
      {t('taskform:errors.summary', { count })}
    </p>
  );
}

/** Why the form cannot be saved from this account, when it cannot. */
export function ReadOnlyNote({ reason }: { reason: 'admin' | 'viewOnly' | null }) {
  const { t } = useTranslation();
  if (reason === null) return null;
  return (
    <p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      {reason === 'admin' ? t('admin.readOnly') : t('taskform:readOnly.viewOnly')}
    </p>
  );
}

/** The task is deploying as the form opens: saving will be refused (2131) until it finishes. */
export function DeployingNote({ show }: { show: boolean }) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <p role="note" className="rounded-md bg-sky-50 p-3 text-sm text-sky-900">
      {t('taskform:problems.deployingNow')}
    </p>
  );
}
