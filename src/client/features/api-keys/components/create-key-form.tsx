import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API_KEY_NAME_MAX, API_KEY_SCOPES, type ApiKeyCreateAnswer, type ApiKeyScope } from '../../../../shared/index.js';
import { NetworkButton } from '../../../components/button.js';
import { LabelledSelect } from '../../../components/labelled-select.js';
import { TextField } from '../../../components/text-field.js';
import { ApiError, fieldErrorsOf } from '../../../lib/api-failure.js';
import { fieldErrorText } from '../../../lib/error-text.js';
import { createApiKey, refreshApiKeys } from '../api.js';
import { EXPIRY_CHOICES, expiresAtOf, localDateText, type ExpiryChoice } from '../expiry.js';

type Problems = Partial<Record<'name' | 'expiresAt' | 'form', string>>;

function ScopeChoice({ scope, onChange }: { scope: ApiKeyScope; onChange: (scope: ApiKeyScope) => void }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">{t('apikeys:form.scope')}</legend>
      {API_KEY_SCOPES.map((value) => (
        <label key={value} className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 p-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
          <input type="radio" name={name} value={value} checked={scope === value} onChange={() => onChange(value)} className="focus-ring mt-0.5" />
          <span className="min-w-0">
            <span className="block font-medium text-slate-900">{t(`apikeys:scope.${value}`)}</span>
            <span className="block text-slate-600">{t(`apikeys:scopeHelp.${value}`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function ExpiryChoiceField({ choice, date, error, onChoice, onDate }: { choice: ExpiryChoice; date: string; error: string | undefined; onChoice: (choice: ExpiryChoice) => void; onDate: (date: string) => void }) {
  const { t } = useTranslation();
  const options = EXPIRY_CHOICES.map((value) => ({ value, label: t(`apikeys:expiry.${value}`) }));
  return (
    <div className="flex flex-col gap-2">
      <LabelledSelect label={t('apikeys:form.expiry')} value={choice} options={options} onChange={(value) => onChoice(value as ExpiryChoice)} />
      {choice === 'date' && (
        <TextField type="date" label={t('apikeys:form.expiryDate')} value={date} onValueChange={onDate} min={localDateText(new Date())} error={error} />
      )}
      {choice !== 'date' && error && <p className="text-xs text-status-error">{error}</p>}
    </div>
  );
}

function problemsOf(failure: unknown, t: (key: string) => string): Problems {
  if (failure instanceof ApiError && failure.failure.kind === 'envelope' && Number(failure.failure.code) === 2036) return { form: t('apikeys:form.limit') };
  const problems: Problems = {};
  for (const error of fieldErrorsOf(failure)) {
    const field = error.field === 'expiresAt' ? 'expiresAt' : error.field === 'name' ? 'name' : 'form';
    problems[field] ??= field === 'expiresAt' ? t('apikeys:form.expiryAhead') : fieldErrorText(error, { t });
  }
  return problems;
}

/** Name, scope and expiry of a new key; the created key (with its secret) goes to `onCreated`. */
export function CreateKeyForm({ onCreated }: { onCreated: (created: ApiKeyCreateAnswer) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [expiry, setExpiry] = useState<ExpiryChoice>('90');
  const [date, setDate] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const create = useMutation({
    mutationFn: createApiKey,
    onSuccess: (created) => {
      void refreshApiKeys(queryClient);
      setName('');
      setProblems({});
      onCreated(created);
    },
    onError: (failure) => setProblems(problemsOf(failure, t)),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const expiresAt = expiresAtOf(expiry, date, Date.now());
    const found: Problems = {};
    if (name.trim() === '') found.name = t('apikeys:form.nameRequired');
    if (expiresAt === undefined) found.expiresAt = t('apikeys:form.expiryDateRequired');
    setProblems(found);
    if (Object.keys(found).length > 0 || expiresAt === undefined) return;
    create.mutate({ name: name.trim(), scope, expiresAt });
  };
  return (
    <section aria-labelledby="apikey-create-title" className="mb-6 rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="apikey-create-title" className="text-base font-semibold text-slate-900">
        {t('apikeys:form.title')}
      </h2>
      <form onSubmit={onSubmit} noValidate className="mt-3 grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-4">
          <TextField label={t('apikeys:form.name')} name="name" value={name} onValueChange={setName} maxLength={API_KEY_NAME_MAX} autoComplete="off" error={problems.name} disabled={create.isPending} />
          <ExpiryChoiceField choice={expiry} date={date} error={problems.expiresAt} onChoice={setExpiry} onDate={setDate} />
        </div>
        <ScopeChoice scope={scope} onChange={setScope} />
        {problems.form && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 md:col-span-2">
            {problems.form}
          </p>
        )}
        <div className="md:col-span-2">
          <NetworkButton type="submit" disabled={create.isPending}>
            {create.isPending ? t('apikeys:form.creating') : t('apikeys:form.create')}
          </NetworkButton>
        </div>
      </form>
    </section>
  );
}
