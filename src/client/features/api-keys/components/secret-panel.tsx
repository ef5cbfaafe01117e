import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyCreateAnswer } from '../../../../shared/index.js';
import { Button } from '../../../components/button.js';
import { CopyField } from './copy-field.js';

/** The new key, shown this once: copy it now; it takes the focus so keyboard and screen reader users land on it. */
export function SecretPanel({ created, onDone }: { created: ApiKeyCreateAnswer; onDone: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="apikey-secret-title" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 sm:p-5" data-testid="apikey-secret">
      <h2 id="apikey-secret-title" ref={heading} tabIndex={-1} className="focus-ring text-base font-semibold break-words text-slate-900">
        {t('apikeys:secret.title', { name: created.key.name })}
      </h2>
      <p role="alert" className="mt-2 text-sm font-medium text-amber-900">
        {t('apikeys:secret.warning')}
      </p>
      <div className="mt-3">
        <CopyField label={t('apikeys:secret.label')} text={created.secret} />
      </div>
      <div className="mt-2 flex justify-end">
        <Button onClick={onDone}>{t('apikeys:secret.done')}</Button>
      </div>
    </section>
  );
}
