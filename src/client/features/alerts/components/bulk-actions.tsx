import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, NetworkButton } from '../../../components/button.js';
import { DangerButton } from '../../../components/danger-button.js';
import { Modal, ModalActions } from '../../../components/modal.js';
import { showSnackbar } from '../../../components/notification-store.js';
import { ALERT_RULE_BATCH_MAX } from '../../../../shared/index.js';
import { deleteRules, enableRules, refreshRules } from '../api.js';
import type { ChosenRule, RuleSelection } from '../hooks/use-rule-selection.js';

export type BulkAction = 'enable' | 'disable' | 'delete';

/** Names shown in a confirmation; the rest are counted. */
const NAMES_SHOWN = 10;

function runBulk(action: BulkAction, ids: readonly number[]) {
  if (action === 'delete') return deleteRules(ids);
  return enableRules(ids, action === 'enable' ? 1 : 2);
}

/** The chosen rules' count and the bulk actions; nothing while none is chosen. */
export function BulkBar({ selection, onAction }: { selection: RuleSelection; onAction: (action: BulkAction) => void }) {
  const { t } = useTranslation();
  const count = selection.selected.size;
  if (count === 0) return null;
  return (
    <div role="region" aria-label={t('alerts:select.label')} className="mb-3 flex flex-wrap items-center gap-3 rounded-lg border border-brand-100 bg-brand-50 px-4 py-2">
      <p aria-live="polite" className="text-sm text-slate-800">
        {t('alerts:select.count', { count })}
        {selection.full && <span className="ml-2 text-slate-600">{t('alerts:select.max', { max: ALERT_RULE_BATCH_MAX })}</span>}
      </p>
      <div className="ml-auto flex flex-wrap gap-2">
        <Button variant="secondary" onClick={selection.clear}>
          {t('alerts:select.clear')}
        </Button>
        <NetworkButton variant="secondary" onClick={() => onAction('enable')}>
          {t('alerts:bulk.enable')}
        </NetworkButton>
        <NetworkButton variant="secondary" onClick={() => onAction('disable')}>
          {t('alerts:bulk.disable')}
        </NetworkButton>
        <DangerButton onClick={() => onAction('delete')}>{t('alerts:bulk.delete')}</DangerButton>
      </div>
    </div>
  );
}

interface BulkDialogProps {
  action: BulkAction;
  rules: readonly ChosenRule[];
  onDone: () => void;
  onClose: () => void;
}

/** Asks before a bulk change and says what it does; cancel has the focus when it opens. */
export function BulkDialog({ action, rules, onDone, onClose }: BulkDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const ids = rules.map((rule) => rule.id);
  const run = useMutation({
    mutationFn: () => runBulk(action, ids),
    onSuccess: (answer) => {
      showSnackbar(t(`alerts:bulk.done.${action}`, { count: answer.changed }));
      onDone();
      onClose();
    },
    onSettled: () => void refreshRules(queryClient),
  });
  const shown = rules.slice(0, NAMES_SHOWN);
  const Confirm = action === 'delete' ? DangerButton : NetworkButton;
  return (
    <Modal open title={t(`alerts:bulk.title.${action}`, { count: rules.length })} onClose={onClose}>
      <ul aria-label={t('alerts:bulk.listLabel')} className="mt-3 flex max-h-56 flex-col gap-1 overflow-y-auto text-sm">
        {shown.map((rule) => (
          <li key={rule.id} className="font-medium break-words text-slate-900">
            {rule.name}
          </li>
        ))}
        {rules.length > shown.length && <li className="text-slate-500">{t('alerts:bulk.more', { count: rules.length - shown.length })}</li>}
      </ul>
      <p className="mt-3 text-sm text-slate-700">{t(`alerts:bulk.explain.${action}`)}</p>
      <ModalActions>
        <Button variant="secondary" onClick={onClose} data-autofocus>
          {t('alerts:actions.cancel')}
        </Button>
        <Confirm onClick={() => run.mutate()} disabled={run.isPending}>
          {run.isPending ? t('alerts:actions.working') : t(`alerts:bulk.confirm.${action}`, { count: rules.length })}
        </Confirm>
      </ModalActions>
    </Modal>
  );
}
