import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupRow } from '../../../../shared/index.js';
import { Button, NetworkButton } from '../../../components/button.js';
import { showSnackbar } from '../../../components/notification-store.js';
import { TextField } from '../../../components/text-field.js';
import { fieldErrorText } from '../../../lib/error-text.js';
import { createLabel, refreshAfterLabelChange, renameLabel } from '../api.js';
import { groupFailureOf } from '../failures.js';
import { checkLabelName, LABEL_KIND_INFO, type LabelKind } from '../label-kinds.js';
import { Modal, ModalActions } from '../../../components/modal.js';

interface NameDialogProps {
  kind: LabelKind;
  /** The group or tag to rename; null creates a new one. */
  row: GroupRow | null;
  onClose: () => void;
}

/** Saves the name and says what went wrong under the field: the shared rule first, then the server's answer. */
function useSaveName(kind: LabelKind, row: GroupRow | null, onClose: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | undefined>(undefined);
  const save = useMutation({
    mutationFn: (name: string) => (row ? renameLabel(kind, row.id, name) : createLabel(kind, name)),
    onSuccess: (saved) => {
      void refreshAfterLabelChange(queryClient, kind);
      showSnackbar(t(row ? `groups:${kind}.renamed` : `groups:${kind}.created`, { name: saved.name }));
      onClose();
    },
    onError: (failure) => {
      const meaning = groupFailureOf(failure, LABEL_KIND_INFO[kind].notFoundCode);
      if (meaning.kind === 'nameTaken') return setError(t(`groups:${kind}.nameTaken`));
      if (meaning.kind === 'fields') return setError(meaning.errors[0] && fieldErrorText(meaning.errors[0], { t }));
      if (meaning.kind === 'notFound') {
        void refreshAfterLabelChange(queryClient, kind);
        return setError(t(`groups:${kind}.notFound`));
      }
    },
  });
  const submit = (name: string) => {
    const checked = checkLabelName(kind, name);
    if (!checked.ok) return setError(checked.errors[0] && fieldErrorText(checked.errors[0], { t }));
    setError(undefined);
    save.mutate(checked.name);
  };
  return { submit, error, saving: save.isPending };
}

/** Create or rename a domain group or tag: one name, at most 50 characters, unique for the customer. */
export function NameDialog({ kind, row, onClose }: NameDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(row?.name ?? '');
  const { submit, error, saving } = useSaveName(kind, row, onClose);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(name);
  };
  const max = LABEL_KIND_INFO[kind].nameMax;
  return (
    <Modal open title={t(row ? `groups:${kind}.renameTitle` : `groups:${kind}.createTitle`)} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-3">
        <TextField
          label={t(`groups:${kind}.nameLabel`)}
          name="name"
          value={name}
          onValueChange={setName}
          error={error}
          autoComplete="off"
          data-autofocus
          disabled={saving}
        />
        <p className="text-xs text-slate-500">{t('groups:name.hint', { max })}</p>
        {row && row.taskCount > 0 && <p className="text-sm text-slate-700">{t(`groups:${kind}.renameNote`, { count: row.taskCount })}</p>}
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            {t('groups:actions.cancel')}
          </Button>
          <NetworkButton type="submit" disabled={saving}>
            {saving ? t('groups:actions.saving') : t('groups:actions.save')}
          </NetworkButton>
        </ModalActions>
      </form>
    </Modal>
  );
}
