import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyRow, ApiKeyState } from '../../../../shared/index.js';
import { useGatedControl } from '../../../components/button.js';
import { Card, CardList, pickColumns } from '../../../components/card-list.js';
import { DataTable, type TableColumns } from '../../../components/data-table.js';
import { ListLoadError, ListSkeleton } from '../../../components/list-states.js';
import type { Translate } from '../../../lib/error-text.js';
import { apiKeyListQuery } from '../api.js';
import { RevokeDialog } from './revoke-dialog.js';

const STATE_CLASS: Record<ApiKeyState, string> = {
  active: 'bg-green-100 text-green-800',
  expired: 'bg-amber-100 text-amber-900',
  revoked: 'bg-slate-200 text-slate-700',
};

function StateBadge({ state }: { state: ApiKeyState }) {
  const { t } = useTranslation();
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${STATE_CLASS[state]}`}>{t(`apikeys:state.${state}`)}</span>;
}

function DateText({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  const text = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    // Wraps: a card's half-width fact at 360 px is narrower than a date with its time.
    <time dateTime={iso}>{text}</time>
  );
}

/** Revoking changes data: disabled with the reason while there is no connection. */
function RevokeButton({ row, onClick }: { row: ApiKeyRow; onClick: () => void }) {
  const { t } = useTranslation();
  const gate = useGatedControl();
  return (
    <>
      <button
        type="button"
        aria-label={t('apikeys:list.revokeLabel', { name: row.name })}
        onClick={onClick}
        {...gate.control}
        className="focus-ring min-h-9 rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {t('apikeys:list.revoke')}
      </button>
      {gate.reason}
    </>
  );
}

function MaybeDate({ iso, none }: { iso: string | null; none: string }) {
  return iso === null ? <span className="text-slate-500">{none}</span> : <DateText iso={iso} />;
}

function NameCell({ row }: { row: ApiKeyRow }) {
  return (
    <span className="flex min-w-0 flex-col">
      <span className="font-medium break-words text-slate-900">{row.name}</span>
      <code className="text-xs font-normal break-all text-slate-500">{row.hint}…</code>
    </span>
  );
}

function keyColumns(t: Translate, actions: (row: ApiKeyRow) => ReactNode): TableColumns<ApiKeyRow> {
  return [
    { id: 'name', header: t('apikeys:list.name'), cell: (row) => <NameCell row={row} /> },
    { id: 'scope', header: t('apikeys:list.scope'), cell: (row) => t(`apikeys:scope.${row.scope}`) },
    { id: 'state', header: t('apikeys:list.state'), cell: (row) => <StateBadge state={row.state} /> },
    {
      id: 'created',
      header: t('apikeys:list.created'),
      cell: (row) => (
        <span className="flex flex-col">
          <DateText iso={row.createdAt} />
          <span className="text-xs break-words text-slate-500">{t('apikeys:list.by', { name: row.createdBy })}</span>
        </span>
      ),
    },
    { id: 'lastUsed', header: t('apikeys:list.lastUsed'), cell: (row) => <MaybeDate iso={row.lastUsedAt} none={t('apikeys:list.never')} /> },
    { id: 'expires', header: t('apikeys:list.expires'), cell: (row) => <MaybeDate iso={row.expiresAt} none={t('apikeys:list.noExpiry')} /> },
    { id: 'actions', header: t('apikeys:list.actions'), hiddenHeader: true, cell: actions },
  ];
}

const CARD_FACTS = ['scope', 'state', 'created', 'lastUsed', 'expires'];

/** The customer's keys: a table from 768 px, cards below; revoking asks first (not offered in read-only mode). */
export function KeyList({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const list = useQuery(apiKeyListQuery());
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);
  if (list.isPending) return <ListSkeleton rows={3} />;
  if (list.isError) return <ListLoadError text={t('apikeys:list.loadFailed')} onRetry={() => void list.refetch()} />;
  const rows = list.data.items;
  if (rows.length === 0) {
    return (
      <p role="status" className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-700">
        {t(readOnly ? 'apikeys:list.emptyReadOnly' : 'apikeys:list.empty')}
      </p>
    );
  }
  const actions = (row: ApiKeyRow) =>
    readOnly || row.state === 'revoked' ? null : (
      <RevokeButton row={row} onClick={() => setRevoking(row)} />
    );
  const columns = keyColumns(t, actions);
  const attributesOf = (row: ApiKeyRow) => ({ 'data-apikey': row.id, 'aria-label': row.name });
  return (
    <>
      <DataTable caption={t('apikeys:list.caption')} rows={rows} columns={columns} attributesOf={attributesOf} className="hidden md:block" />
      <CardList label={t('apikeys:list.caption')} className="md:hidden">
        {rows.map((row) => (
          <Card key={row.id} row={row} attributes={attributesOf(row)} head={<div className="mb-3"><NameCell row={row} /></div>} facts={pickColumns(columns, CARD_FACTS)} footer={actions(row)} />
        ))}
      </CardList>
      {revoking && <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
    </>
  );
}
