import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApiKeyRow } from '../../../../shared/index.js';
import { Button } from '../../../components/button.js';
import { DangerButton } from '../../../components/danger-button.js';
import { Modal, ModalActions } from '../../../components/modal.js';
import { showSnackbar } from '../../../components/notification-store.js';
import { refreshApiKeys, revokeApiKey } from '../api.js';

/** Asks before revoking: scripts using the key stop at once, and it cannot be undone. Cancel has the focus. */
export function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKeyRow; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => revokeApiKey(apiKey.id),
    onSuccess: () => {
      showSnackbar(t('apikeys:revoke.done', { name: apiKey.name }));
      onClose();
    },
    onSettled: () => refreshApiKeys(queryClient),
  });
  return (
    <Modal open title={t('apikeys:revoke.title', { name: apiKey.name })} onClose={onClose}>
      <p className="mt-3 text-sm text-slate-700">{t('apikeys:revoke.body', { hint: apiKey.hint })}</p>
      <ModalActions>
        <Button variant="secondary" onClick={onClose} data-autofocus>
          {t('apikeys:revoke.cancel')}
        </Button>
        <DangerButton onClick={() => revoke.mutate()} disabled={revoke.isPending}>
          {revoke.isPending ? t('apikeys:revoke.revoking') : t('apikeys:revoke.confirm')}
        </DangerButton>
      </ModalActions>
    </Modal>
  );
}
