import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { AlertRule, MonitorType } from '../../../../shared/index.js';
import { ListLoadError, ListSkeleton } from '../../../components/list-states.js';
import { showSnackbar } from '../../../components/notification-store.js';
import { PageHeader } from '../../../components/page-header.js';
import { ApiError } from '../../../lib/api-failure.js';
import { createRule, RULE_NOT_FOUND, ruleQuery, updateRule } from '../api.js';
import { useRuleForm } from '../hooks/use-rule-form.js';
import { newRuleValues, valuesOfRule } from '../rule-form.js';
import { alertEditPathOf, alertLogPathOf } from '../rule-words.js';
import { ReadOnlyNote } from './notes.js';
import { RuleForm } from './rule-form.js';
import { RuleTasks } from './rule-tasks.js';

/** Set on the way from create to edit: the new rule's query list is what to fill next. */
interface CreatedState {
  created?: boolean;
}

/** /alert/create/{type}: a new rule; once saved, its edit screen opens to add the tasks it watches. */
export function AlertCreatePage({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const type = Number(useParams().createType) as MonitorType;
  const onSaved = (rule: AlertRule) => {
    showSnackbar(t('alerts:form.created', { name: rule.name }));
    void navigate(alertEditPathOf(rule.id), { state: { created: true } satisfies CreatedState });
  };
  const form = useRuleForm(newRuleValues(type), type, createRule, onSaved);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('routes.alertCreate')} />
      {readOnly && <ReadOnlyNote />}
      <RuleForm form={form} type={type} readOnly={readOnly} submitLabel={t('alerts:form.create')} />
      <p className="mt-4 text-sm text-slate-600">{t('alerts:form.tasksAfterCreate')}</p>
    </div>
  );
}

function EditForm({ rule, readOnly }: { rule: AlertRule; readOnly: boolean }) {
  const { t } = useTranslation();
  const type = rule.monitorType as MonitorType;
  const onSaved = (saved: AlertRule) => showSnackbar(t('alerts:form.saved', { name: saved.name }));
  const form = useRuleForm(valuesOfRule(rule), type, (body) => updateRule(rule.id, body), onSaved);
  return <RuleForm form={form} type={type} readOnly={readOnly} submitLabel={t('alerts:form.save')} />;
}

function RuleNotFound() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-slate-200 bg-white p-8 text-center">
      <p className="text-sm text-slate-700">{t('alerts:form.notFound')}</p>
      <Link to="/alert" className="focus-ring rounded text-sm font-medium text-brand-700 hover:underline">
        {t('alerts:form.toRules')}
      </Link>
    </div>
  );
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.failure.kind === 'envelope' && Number(error.failure.code) === RULE_NOT_FOUND;

/** /alert/edit/{id}: the rule's fields and its query list (read-only in administrator view). */
export function AlertEditPage({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const created = (useLocation().state as CreatedState | null)?.created === true;
  const { data: rule, error, isError, refetch } = useQuery(ruleQuery(id));
  const logLink = 'focus-ring inline-flex min-h-9 items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50';
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('routes.alertEdit')}>
        <Link to={alertLogPathOf({ ruleId: id })} className={logLink}>
          {t('alerts:form.ruleLog')}
        </Link>
      </PageHeader>
      {readOnly && <ReadOnlyNote />}
      {created && rule && (
        <p role="status" className="mb-4 rounded-md bg-green-50 p-3 text-sm text-green-900">
          {t('alerts:form.createdAddTasks')}
        </p>
      )}
      {isError && (isNotFound(error) ? <RuleNotFound /> : <ListLoadError text={t('alerts:form.loadFailed')} onRetry={() => void refetch()} />)}
      {!isError && !rule && <ListSkeleton rows={4} />}
      {rule && (
        <>
          {/* Keyed by the save time: a saved rule's answer starts the form again from what was stored. */}
          <EditForm key={rule.updatedAt} rule={rule} readOnly={readOnly} />
          <RuleTasks rule={rule} readOnly={readOnly} />
        </>
      )}
    </div>
  );
}
