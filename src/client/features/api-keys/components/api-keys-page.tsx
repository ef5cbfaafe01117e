import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyCreateAnswer } from '../../../../shared/index.js';
import { PageHeader } from '../../../components/page-header.js';
import { CreateKeyForm } from './create-key-form.js';
import { KeyList } from './key-list.js';
import { SecretPanel } from './secret-panel.js';
import { UsageHelp } from './usage-help.js';

/**
 * /apimanager: the customer's API keys. A new key's secret is shown once, here, until the user says
 * it is copied; an administrator viewing sees the keys but neither creates nor revokes them.
 */
export function ApiKeysPage({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<ApiKeyCreateAnswer | null>(null);
  return (
    <div>
      <PageHeader title={t('routes.apiManager')} />
      <p className="-mt-3 mb-5 max-w-3xl text-sm text-slate-700">{t('apikeys:intro')}</p>
      {readOnly && (
        <p role="note" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {t('apikeys:readOnly')}
        </p>
      )}
      {created && <SecretPanel created={created} onDone={() => setCreated(null)} />}
      {!readOnly && !created && <CreateKeyForm onCreated={setCreated} />}
      <h2 className="mb-3 text-base font-semibold text-slate-900">{t('apikeys:list.title')}</h2>
      <KeyList readOnly={readOnly} />
      <UsageHelp />
    </div>
  );
}
