import { useTranslation } from 'react-i18next';

/** Administrator view or a view-only task privilege: the lists show, the changes are not offered. */
export function ReadOnlyNote() {
  const { t } = useTranslation();
  return (
    <p role="note" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      {t('groups:readOnly')}
    </p>
  );
}
