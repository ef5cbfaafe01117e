import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SSL_CHAIN_NODE_WAIT_MS, SSL_CHAIN_TIMEOUT_MS, type SslChainBody } from '../../../../shared/index.js';
import { PageHeader } from '../../../components/page-header.js';
import { ApiError, fieldErrorsOf } from '../../../lib/api-failure.js';
import { errorText } from '../../../lib/error-text.js';
import { fieldErrorMap } from '../../../lib/field-errors.js';
import { nodeDisplayName } from '../../../lib/node-names.js';
import { checkChain, nodeChoicesQuery } from '../api.js';
import { ChainForm } from './chain-form.js';
import { ChainResult } from './chain-result.js';

function Waiting({ fromNode }: { fromNode: boolean }) {
  const { t } = useTranslation();
  const max = Math.round((fromNode ? SSL_CHAIN_NODE_WAIT_MS : SSL_CHAIN_TIMEOUT_MS) / 1000);
  return (
    <p role="status" className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
      {t('sslchain:waiting', { max })}
    </p>
  );
}

/** A refusal other than the form's fields (private target, node offline, busy, no answer): said in place. */
function Refusal({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation();
  const text = error instanceof ApiError ? errorText(error.failure, { t, exists: (key) => i18n.exists(key) }) : t('errors:500');
  return (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
      {text}
    </p>
  );
}

function useFromName(nodeId: number | null | undefined): string {
  const { t, i18n } = useTranslation();
  const { data } = useQuery(nodeChoicesQuery());
  if (nodeId === null || nodeId === undefined) return t('sslchain:form.fromServer');
  const node = data?.list.find((entry) => entry.id === nodeId);
  return node ? nodeDisplayName(node, t, (key) => i18n.exists(key)) : `#${nodeId}`;
}

/** /ssl_chain_checker: a certificate chain checked now, from the server or a node (POST /ssl/chain). */
export function SslChainPage() {
  const { t } = useTranslation();
  const check = useMutation({ mutationFn: (body: SslChainBody) => checkChain(body), networkMode: 'always' });
  const fieldErrors = fieldErrorMap(fieldErrorsOf(check.error));
  const fromName = useFromName(check.data?.nodeId);
  const refused = check.isError && Object.keys(fieldErrors).length === 0;
  return (
    <div>
      <PageHeader title={t('routes.sslChainChecker')} />
      <p className="-mt-4 mb-4 text-sm text-slate-600">{t('sslchain:intro')}</p>
      <ChainForm pending={check.isPending} serverErrors={fieldErrors} onCheck={(body) => check.mutate(body)} />
      <div aria-live="polite">
        {check.isPending && <Waiting fromNode={check.variables.nodeId !== undefined} />}
        {refused && <Refusal error={check.error} />}
      </div>
      {check.data && !check.isPending && <ChainResult answer={check.data} fromName={fromName} />}
    </div>
  );
}
