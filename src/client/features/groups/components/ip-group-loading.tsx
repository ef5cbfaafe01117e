import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.js';
import { ModalActions } from '../../../components/modal.js';

/** Inside a dialog, while its group loads. */
export function GroupLoading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="mt-4 text-sm text-slate-600">
      {t('groups:ipGroup.loading')}
    </p>
  );
}

/** Inside a dialog, when its group could not be loaded (gone, or the call failed). */
export function GroupLoadFailed({ onRetry, onClose }: { onRetry: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <p role="alert" className="mt-4 text-sm text-slate-700">
        {t('groups:ipGroup.loadOneFailed')}
      </p>
      <ModalActions>
        <Button variant="secondary" onClick={onClose} data-autofocus>
          {t('groups:actions.close')}
        </Button>
        <Button onClick={onRetry}>{t('retry')}</Button>
      </ModalActions>
    </>
  );
}
