import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AlertRule } from '../../../../shared/index.js';
import { useGatedControl } from '../../../components/button.js';
import { Card, CardList, pickColumns } from '../../../components/card-list.js';
import { DataTable, type TableColumns } from '../../../components/data-table.js';
import { PageCheckbox, RowCheckbox } from '../../../components/table-parts.js';
import type { Translate } from '../../../lib/error-text.js';
import { numberText } from '../../../lib/number-text.js';
import type { RuleSelection, ChosenRule } from '../hooks/use-rule-selection.js';
import { alertEditPathOf, alertLogPathOf, conditionText, cooldownText, sensitivityText } from '../rule-words.js';
import { FiringBadge } from './badges.js';

export interface RuleRowActions {
  readOnly: boolean;
  /** The rule whose switch is being changed. */
  pendingId: number | null;
  onToggle: (rule: AlertRule) => void;
}

function EnableSwitch({ rule, actions }: { rule: AlertRule; actions: RuleRowActions }) {
  const { t } = useTranslation();
  const enabled = rule.enable === 1;
  const gate = useGatedControl({ disabled: actions.pendingId === rule.id });
  if (actions.readOnly) return <span className="text-sm text-slate-700">{t(`alerts:enable.${enabled ? 'on' : 'off'}`)}</span>;
  return (
    <>
      <button
        type="button"
        role="switch"
        aria-checked={enabled}
        aria-label={t('alerts:list.enableSwitch', { name: rule.name })}
        {...gate.control}
        onClick={() => actions.onToggle(rule)}
        className="focus-ring inline-flex min-h-9 items-center gap-2 rounded-md px-1 text-sm text-slate-700 disabled:cursor-not-allowed disabled:opacity-60"
      >
        <span aria-hidden="true" className={`relative inline-flex h-5 w-9 shrink-0 rounded-full transition-colors ${enabled ? 'bg-status-normal' : 'bg-slate-300'}`}>
          <span className={`absolute top-0.5 size-4 rounded-full bg-white shadow transition-transform ${enabled ? 'translate-x-4.5' : 'translate-x-0.5'}`} />
        </span>
        {t(`alerts:enable.${enabled ? 'on' : 'off'}`)}
      </button>
      {gate.reason}
    </>
  );
}

const linkClass = 'focus-ring rounded text-sm font-medium text-brand-700 underline-offset-2 hover:underline';

function RuleLinks({ rule, readOnly }: { rule: AlertRule; readOnly: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1">
      <Link to={alertEditPathOf(rule.id)} className={linkClass} aria-label={t(readOnly ? 'alerts:list.openNamed' : 'alerts:list.editNamed', { name: rule.name })}>
        {t(readOnly ? 'alerts:list.open' : 'alerts:list.edit')}
      </Link>
      <Link to={alertLogPathOf({ ruleId: rule.id })} className={linkClass} aria-label={t('alerts:list.logNamed', { name: rule.name })}>
        {t('alerts:list.log')}
      </Link>
    </span>
  );
}

function columnsOf(t: Translate, actions: RuleRowActions): TableColumns<AlertRule> {
  return [
    { id: 'name', header: t('alerts:list.columns.name'), cell: (rule) => <span className="font-medium break-words text-slate-900">{rule.name}</span> },
    { id: 'mode', header: t('alerts:list.columns.mode'), cell: (rule) => t(`alerts:modes.${rule.mode}`) },
    { id: 'condition', header: t('alerts:list.columns.condition'), cell: (rule) => conditionText(rule, t) },
    { id: 'sensitivity', header: t('alerts:list.columns.sensitivity'), cell: (rule) => sensitivityText(rule, t) },
    { id: 'cooldown', header: t('alerts:list.columns.cooldown'), cell: (rule) => cooldownText(rule.cooldownMinutes, t) },
    { id: 'tasks', header: t('alerts:list.columns.tasks'), cell: (rule) => numberText(rule.taskCount) },
    { id: 'firing', header: t('alerts:list.columns.firing'), cell: (rule) => <FiringBadge firing={rule.firing} /> },
    { id: 'enable', header: t('alerts:list.columns.enable'), cell: (rule) => <EnableSwitch rule={rule} actions={actions} /> },
    { id: 'actions', header: t('alerts:list.columns.actions'), hiddenHeader: true, cell: (rule) => <RuleLinks rule={rule} readOnly={actions.readOnly} /> },
  ];
}

const chosenOf = (rule: AlertRule): ChosenRule => ({ id: rule.id, name: rule.name });
const CARD_FACTS = ['mode', 'condition', 'sensitivity', 'cooldown', 'tasks', 'enable'];

interface RuleRowsProps {
  rules: readonly AlertRule[];
  selection: RuleSelection | null;
  actions: RuleRowActions;
}

/** The rules as a table from 1024 px, as cards below (down to 360 px). */
export function RuleRows({ rules, selection, actions }: RuleRowsProps) {
  const { t } = useTranslation();
  const columns = columnsOf(t, actions);
  const choose = selection && {
    page: <PageCheckbox rows={rules} selection={selection} itemOf={chosenOf} label={t('alerts:select.page')} />,
    row: (rule: AlertRule) => <RowCheckbox row={rule} selection={selection} itemOf={chosenOf} label={t('alerts:select.row', { name: rule.name })} />,
  };
  const attributesOf = (rule: AlertRule) => ({ 'data-rule-id': rule.id });
  return (
    <>
      <DataTable caption={t('alerts:list.caption')} rows={rules} columns={columns} choose={choose} attributesOf={attributesOf} className="hidden lg:block" />
      <CardList label={t('alerts:list.caption')} className="lg:hidden">
        {rules.map((rule) => (
          <Card
            key={rule.id}
            row={rule}
            attributes={attributesOf(rule)}
            head={
              <div className="mb-3 flex items-start gap-3">
                {choose?.row(rule)}
                <h2 className="min-w-0 flex-1 font-medium break-words text-slate-900">{rule.name}</h2>
                <FiringBadge firing={rule.firing} />
              </div>
            }
            facts={pickColumns(columns, CARD_FACTS)}
            footer={<RuleLinks rule={rule} readOnly={actions.readOnly} />}
          />
        ))}
      </CardList>
    </>
  );
}
