import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseHostPort, type NodeCatalogueEntry, type SslChainBody } from '../../../../shared/index.js';
import { NetworkButton } from '../../../components/button.js';
import { LabelledSelect, type SelectOption } from '../../../components/labelled-select.js';
import { TextField } from '../../../components/text-field.js';
import { fieldErrorText } from '../../../lib/error-text.js';
import type { FieldErrorMap } from '../../../lib/field-errors.js';
import { nodeDisplayName } from '../../../lib/node-names.js';
import { nodeChoicesQuery } from '../api.js';

const FROM_SERVER = '';
const CHECKABLE = new Set(['usable', 'warning']);

interface ChainFormProps {
  pending: boolean;
  /** Field errors of the server's last refusal (1001). */
  serverErrors: FieldErrorMap;
  onCheck: (body: SslChainBody) => void;
}

function useNodeOptions(): { options: SelectOption[]; failed: boolean } {
  const { t, i18n } = useTranslation();
  const { data, isError } = useQuery(nodeChoicesQuery());
  const checkable = (data?.list ?? []).filter((node: NodeCatalogueEntry) => CHECKABLE.has(node.status));
  const options = checkable.map((node) => ({
    value: String(node.id),
    label: t('sslchain:form.nodeOption', { name: nodeDisplayName(node, t, (key) => i18n.exists(key)), status: t(`places:codes.nodeStatus.${node.status}`) }),
  }));
  return { options: [{ value: FROM_SERVER, label: t('sslchain:form.fromServer') }, ...options], failed: isError };
}

/** host[:port], an optional SNI name and where to check from; the host is read as the server reads it. */
export function ChainForm({ pending, serverErrors, onCheck }: ChainFormProps) {
  const { t } = useTranslation();
  const [host, setHost] = useState('');
  const [sni, setSni] = useState('');
  const [from, setFrom] = useState(FROM_SERVER);
  const [hostError, setHostError] = useState<string | undefined>(undefined);
  const nodes = useNodeOptions();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseHostPort(host);
    if (!parsed.ok) {
      setHostError(fieldErrorText({ code: parsed.code }, { t }));
      return;
    }
    setHostError(undefined);
    onCheck({ host: host.trim(), ...(sni.trim() === '' ? {} : { sni: sni.trim() }), ...(from === FROM_SERVER ? {} : { nodeId: Number(from) }) });
  };

  const serverText = (field: string) => {
    const error = serverErrors[field];
    return error ? fieldErrorText(error, { t }) : undefined;
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('sslchain:form.label')} className="mb-6 flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <div className="grid gap-4 md:grid-cols-[2fr_2fr_1.5fr]">
        <div>
          <TextField
            label={t('sslchain:form.host')}
            value={host}
            onValueChange={setHost}
            error={hostError ?? serverText('host')}
            placeholder="example.com:443"
            autoComplete="off"
            spellCheck={false}
            inputMode="url"
            required
          />
          <p className="mt-1 text-xs text-slate-500">{t('sslchain:form.hostHint')}</p>
        </div>
        <div>
          <TextField label={t('sslchain:form.sni')} value={sni} onValueChange={setSni} error={serverText('sni')} autoComplete="off" spellCheck={false} />
          <p className="mt-1 text-xs text-slate-500">{t('sslchain:form.sniHint')}</p>
        </div>
        <div>
          <LabelledSelect label={t('sslchain:form.from')} value={from} options={nodes.options} onChange={setFrom} />
          {nodes.failed && <p className="mt-1 text-xs text-slate-500">{t('sslchain:loadNodesFailed')}</p>}
          {serverText('nodeId') && <p className="mt-1 text-xs text-status-error">{serverText('nodeId')}</p>}
        </div>
      </div>
      <div>
        <NetworkButton type="submit" disabled={pending} aria-busy={pending || undefined}>
          {pending ? t('sslchain:form.checking') : t('sslchain:form.check')}
        </NetworkButton>
      </div>
    </form>
  );
}
