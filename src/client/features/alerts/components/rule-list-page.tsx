import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams } from 'react-router-dom';
import { LIMITS, type AlertRule, type AlertRuleListAnswer, type MonitorType } from '../../../../shared/index.js';
import { NetworkLink } from '../../../components/button.js';
import { ListLoadError, ListSkeleton } from '../../../components/list-states.js';
import { PageHeader } from '../../../components/page-header.js';
import { PagedResults } from '../../../components/paged-results.js';
import { SearchToolbar } from '../../../components/search-toolbar.js';
import { showSnackbar } from '../../../components/notification-store.js';
import { useClampedPage } from '../../../lib/use-clamped-page.js';
import { useCurrentTabInView } from '../../../lib/use-current-tab-in-view.js';
import { enableRules, refreshRules, ruleListQuery } from '../api.js';
import { useRuleSelection, type RuleSelection } from '../hooks/use-rule-selection.js';
import { useUrlView, type ViewUpdate } from '../../../lib/use-url-view.js';
import { ruleListBodyOf, ruleViewOf, ruleViewParams, type RuleListView } from '../list-views.js';
import { ALERT_LIST_TYPES, alertCreatePathOf, alertListPathOf } from '../rule-words.js';
import { BulkBar, BulkDialog, type BulkAction } from './bulk-actions.js';
import { ReadOnlyNote } from './notes.js';
import { RuleRows } from './rule-table.js';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `focus-ring -mb-px inline-flex min-h-10 items-center border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap ${
    isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'
  }`;

/** One tab per type alerts exist for; the type is in the path, and the current tab is scrolled into view at 360 px. */
function TypeTabs({ current }: { current: MonitorType }) {
  const { t } = useTranslation();
  const navRef = useCurrentTabInView(current);
  return (
    <nav ref={navRef} aria-label={t('alerts:list.types')} className="mb-4 flex gap-1 overflow-x-auto overscroll-x-contain border-b border-slate-200">
      {ALERT_LIST_TYPES.map((type) => (
        <NavLink key={type} to={alertListPathOf(type)} className={tabClass}>
          {t(`alerts:types.${type}`)}
        </NavLink>
      ))}
    </nav>
  );
}

const withPage = (view: RuleListView, page: number): RuleListView => ({ ...view, page: Math.max(1, page) });

interface RuleResultsProps {
  type: MonitorType;
  answer: AlertRuleListAnswer;
  view: RuleListView;
  onView: (update: ViewUpdate<RuleListView>) => void;
  stale: boolean;
  selection: RuleSelection | null;
  readOnly: boolean;
}

function RuleResults({ type, answer, view, onView, stale, selection, readOnly }: RuleResultsProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (rule: AlertRule) => enableRules([rule.id], rule.enable === 1 ? 2 : 1),
    onSuccess: (_answer, rule) => showSnackbar(t(rule.enable === 1 ? 'alerts:list.turnedOff' : 'alerts:list.turnedOn', { name: rule.name })),
    onSettled: () => void refreshRules(queryClient),
  });
  if (answer.total === 0) return <EmptyRules type={type} keyword={view.keyword} readOnly={readOnly} />;
  const actions = { readOnly, pendingId: toggle.isPending ? (toggle.variables?.id ?? null) : null, onToggle: (rule: AlertRule) => toggle.mutate(rule) };
  return (
    <PagedResults
      stale={stale}
      page={view.page}
      pageSize={view.pageSize}
      total={answer.total}
      totalText={(total) => t('alerts:list.total', { count: answer.total, total })}
      onPage={(page) => onView((latest) => withPage(latest, page))}
      onPageSize={(pageSize) => onView((latest) => ({ ...latest, pageSize, page: 1 }))}
    >
      <RuleRows rules={answer.list} selection={selection} actions={actions} />
    </PagedResults>
  );
}

function EmptyRules({ type, keyword, readOnly }: { type: MonitorType; keyword: string; readOnly: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-slate-200 bg-white p-8 text-center">
      <p className="text-sm text-slate-700">{keyword === '' ? t('alerts:list.empty', { type: t(`alerts:types.${type}`) }) : t('alerts:list.emptySearch', { keyword })}</p>
      {keyword === '' && !readOnly && (
        <Link to={alertCreatePathOf(type)} className="focus-ring rounded text-sm font-medium text-brand-700 hover:underline">
          {t('alerts:list.create')}
        </Link>
      )}
    </div>
  );
}

function RuleList({ type, readOnly }: { type: MonitorType; readOnly: boolean }) {
  const { t } = useTranslation();
  const [view, setView] = useUrlView(ruleViewOf, ruleViewParams);
  const selection = useRuleSelection();
  const [bulk, setBulk] = useState<BulkAction | null>(null);
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(ruleListQuery(ruleListBodyOf(type, view)));
  useClampedPage(view, isPlaceholderData ? undefined : data?.total, setView, withPage);
  const search = { label: t('alerts:list.search'), placeholder: t('alerts:list.searchPlaceholder'), submit: t('alerts:list.searchSubmit'), maxLength: LIMITS.nameMax };
  return (
    <div>
      <SearchToolbar label={t('alerts:list.toolbar')} className="items-end md:grid-cols-4" keyword={view.keyword} search={search} onKeyword={(keyword) => setView((latest) => ({ ...latest, keyword: keyword.trim(), page: 1 }))}>
        {!readOnly && (
          <div className="col-span-2 flex justify-end">
            <NetworkLink to={alertCreatePathOf(type)} className="focus-ring inline-flex min-h-9 items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
              {t('alerts:list.create')}
            </NetworkLink>
          </div>
        )}
      </SearchToolbar>
      {!readOnly && <BulkBar selection={selection} onAction={setBulk} />}
      {isError && <ListLoadError text={t('alerts:list.loadFailed')} onRetry={() => void refetch()} />}
      {!isError && isPending && <ListSkeleton />}
      {data && <RuleResults type={type} answer={data} view={view} onView={setView} stale={isPlaceholderData} selection={readOnly ? null : selection} readOnly={readOnly} />}
      {bulk && !readOnly && <BulkDialog action={bulk} rules={[...selection.selected.values()]} onDone={selection.clear} onClose={() => setBulk(null)} />}
    </div>
  );
}

/** /alert/{type}: the customer's alert rules of one monitor type, a tab per type. */
export function AlertListPage({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const type = Number(useParams().type) as MonitorType;
  const link = 'focus-ring inline-flex min-h-9 items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50';
  return (
    <div>
      <PageHeader title={t('routes.alertList')}>
        <nav aria-label={t('alerts:list.related')} className="flex flex-wrap gap-2">
          <Link to="/alert/setting" className={link}>
            {t('routes.alertSetting')}
          </Link>
          <Link to="/alert/log" className={link}>
            {t('routes.alertLog')}
          </Link>
        </nav>
      </PageHeader>
      {readOnly && <ReadOnlyNote />}
      <TypeTabs current={type} />
      {/* Keyed: another type starts with its own selection and dialogs. */}
      <RuleList key={type} type={type} readOnly={readOnly} />
    </div>
  );
}
