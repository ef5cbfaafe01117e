import { useTranslation } from 'react-i18next';
import { CALL_ROUTES } from '../../../../shared/calls/call-routes.js';
import { apiBase } from '../../../lib/api-client.js';
import { CopyField } from './copy-field.js';

/** The example reads the key from the environment, so it is copied without a secret in it. */
const KEY_VARIABLE = 'VIGIL_API_KEY';

/** Where the API answers, as a script on another machine reaches this console's server. */
function apiOrigin(): string {
  return new URL(apiBase, window.location.origin).href.replace(/\/$/, '');
}

/** The example: the task list of ICMP tasks, a call every read-only key may make. */
export function exampleCall(base: string): string {
  const route = CALL_ROUTES.domainList;
  return [
    `curl -X ${route.method} '${base}${route.path}' \\`,
    `  -H "Authorization: Bearer $${KEY_VARIABLE}" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"type": 1}'`,
  ].join('\n');
}

/** How to use a key: the OpenAPI document, a copyable example and the rules a key lives by. */
export function UsageHelp() {
  const { t } = useTranslation();
  const base = apiOrigin();
  return (
    <section aria-labelledby="apikey-usage-title" className="mt-8 rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="apikey-usage-title" className="text-base font-semibold text-slate-900">
        {t('apikeys:usage.title')}
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        {t('apikeys:usage.docsIntro')}{' '}
        <a href={`${base}/docs`} target="_blank" rel="noopener" className="focus-ring rounded font-medium break-all text-brand-700 underline">
          {t('apikeys:usage.docsLink')}
        </a>
      </p>
      <div className="mt-4">
        <CopyField label={t('apikeys:usage.exampleLabel')} text={exampleCall(base)} multiline />
      </div>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>{t('apikeys:usage.replaceKey', { variable: KEY_VARIABLE })}</li>
        <li>{t('apikeys:usage.scope')}</li>
        <li>{t('apikeys:usage.privileges')}</li>
        <li>{t('apikeys:usage.rate')}</li>
        <li>{t('apikeys:usage.sessionOnly')}</li>
      </ul>
    </section>
  );
}
