import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/button.js';
import { PageHeader } from '../../../components/page-header.js';
import { ApiError } from '../../../lib/api-failure.js';
import { isUnreachableError, wantProbe, type ConnectionProblem } from '../../../lib/offline/connection.js';

const NOT_FOUND_CODE = 2127;

/** The server answers 2127 for a task that is not the customer's, deleted or never existed. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.failure.kind === 'envelope' && Number(error.failure.code) === NOT_FOUND_CODE;
}

/** Why a detail screen cannot show its task: none of it, the server out of reach (details are never kept on the device), or a failure. */
export type TaskLoadProblem = 'notFound' | 'needsConnection' | 'failed';

interface TaskLoad {
  data: unknown;
  error: unknown;
  isError: boolean;
  fetchStatus: 'fetching' | 'paused' | 'idle';
}

/** null while the task loads or shows. A load waiting for a connection known to be missing needs one. */
export function taskLoadProblemOf(taskId: number | null, info: TaskLoad, connection: ConnectionProblem): TaskLoadProblem | null {
  if (taskId === null || (info.isError && isNotFound(info.error))) return 'notFound';
  if (info.data) return null;
  if (isUnreachableError(info.error) || (info.fetchStatus === 'paused' && connection !== null)) return 'needsConnection';
  return info.isError ? 'failed' : null;
}

interface SectionProps {
  title: string;
  /** Controls beside the title (count, tabs). */
  actions?: ReactNode;
  children: ReactNode;
}

/** One part of the detail screen: a titled card. */
export function Section({ title, actions, children }: SectionProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mb-6 min-w-0 rounded-lg border border-slate-200 bg-white p-3 sm:p-4">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-2">
        <h2 id={titleId} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

const SKELETON_ROWS = 4;

export function SectionLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('loading')} className="flex flex-col gap-2">
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <div key={index} aria-hidden="true" className="flex items-center gap-4 motion-safe:animate-pulse">
          <div className="h-4 w-1/3 rounded bg-slate-200" />
          <div className="h-4 w-1/4 rounded bg-slate-100" />
          <div className="hidden h-4 w-1/6 rounded bg-slate-100 sm:block" />
        </div>
      ))}
    </div>
  );
}

export function SectionError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
      <p className="text-sm text-slate-700">{t('detail:loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

export function SectionEmpty({ text }: { text: string }) {
  return (
    <p role="status" className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
      {text}
    </p>
  );
}

/** While the task itself loads. */
export function PageLoading({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <PageHeader title={t(titleKey)} />
      <SectionLoading />
    </div>
  );
}

const PROBLEM_TEXTS: Record<TaskLoadProblem, { title: string; text: string | null }> = {
  notFound: { title: 'detail:notFound.title', text: 'detail:notFound.text' },
  needsConnection: { title: 'detail:needsConnection.title', text: 'detail:needsConnection.text' },
  failed: { title: 'detail:loadFailed', text: null },
};

interface PageLoadProblemProps {
  titleKey: string;
  problem: TaskLoadProblem;
  /** The way back: the task list of the URL's type. */
  listPath: string;
  onRetry: () => void;
}

/** The task could not be read: "not found" (another customer's, deleted, none), no connection, or a failure; with the way on. */
export function PageLoadProblem({ titleKey, problem, listPath, onRetry }: PageLoadProblemProps) {
  const { t } = useTranslation();
  const texts = PROBLEM_TEXTS[problem];
  return (
    <div>
      <PageHeader title={t(titleKey)} />
      <div role="alert" data-state={problem} className="flex flex-col items-center gap-3 rounded-lg border border-slate-200 bg-white p-8 text-center">
        <p className="font-medium text-slate-800">{t(texts.title)}</p>
        {texts.text && <p className="text-sm text-slate-600">{t(texts.text)}</p>}
        {problem !== 'notFound' && (
          <Button
            variant="secondary"
            onClick={() => {
              // A load waiting for the connection goes on once the server answers: ask it now.
              if (problem === 'needsConnection') wantProbe();
              onRetry();
            }}
          >
            {t('retry')}
          </Button>
        )}
        <Link to={problem === 'notFound' ? '/monitor' : listPath} className="focus-ring rounded text-sm font-medium text-brand-700 underline">
          {t('detail:header.toList')}
        </Link>
      </div>
    </div>
  );
}

interface TabsProps<T extends string | number> {
  label: string;
  tabs: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}

/** A row of tab buttons (the maps, the breakdowns); arrow keys move between them. */
export function Tabs<T extends string | number>({ label, tabs, value, onChange }: TabsProps<T>) {
  const move = (from: HTMLElement, index: number) => {
    const wrapped = (index + tabs.length) % tabs.length;
    const next = tabs[wrapped];
    if (!next) return;
    onChange(next.value);
    const button = from.parentElement?.children[wrapped];
    if (button instanceof HTMLElement) button.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="flex flex-wrap gap-1">
      {tabs.map((tab, index) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') move(event.currentTarget, index + 1);
              if (event.key === 'ArrowLeft') move(event.currentTarget, index - 1);
            }}
            className={`focus-ring min-h-9 rounded-md px-3 py-1.5 text-sm font-medium ${
              selected ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'
            }`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
