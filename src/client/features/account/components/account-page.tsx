import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AccountInfo, Contract } from '../../../../shared/index.js';
import { ListLoadError, ListSkeleton } from '../../../components/list-states.js';
import { PageHeader } from '../../../components/page-header.js';
import { numberText } from '../../../lib/number-text.js';
import { accountInfoQuery } from '../api.js';
import { TRANSLOG_PATH } from '../paths.js';
import { Card } from './section-card.js';
import { UsersCard } from './users-card.js';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

function ContractFacts({ contract }: { contract: Contract }) {
  const { t } = useTranslation();
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
      <Fact label={t('account:info.contractStart')}>{contract.startDate}</Fact>
      <Fact label={t('account:info.contractEnd')}>{contract.endDate}</Fact>
      <Fact label={t('account:info.purchasedPoints')}>{numberText(contract.purchasedPoints)}</Fact>
      <Fact label={t('account:info.usedPoints')}>{numberText(contract.usedPoints)}</Fact>
      <Fact label={t('account:info.remainingPoints')}>
        <span data-remaining-points>{numberText(contract.remainingPoints)}</span>
      </Fact>
    </dl>
  );
}

function TranslogLink() {
  const { t } = useTranslation();
  return (
    <Link to={TRANSLOG_PATH} className="focus-ring rounded text-sm font-medium text-brand-700 hover:underline">
      {t('account:info.translogLink')}
    </Link>
  );
}

function AccountFacts({ info }: { info: AccountInfo }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title={t('account:info.customer')}>
        <dl className="grid grid-cols-2 gap-4">
          <Fact label={t('account:info.customerName')}>{info.customer.name}</Fact>
          <Fact label={t('account:info.taxId')}>{info.customer.taxId || t('account:info.none')}</Fact>
        </dl>
      </Card>
      <Card title={t('account:info.contract')} action={<TranslogLink />}>
        {info.contract ? (
          <ContractFacts contract={info.contract} />
        ) : (
          <p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {t('account:info.noContract')}
          </p>
        )}
      </Card>
    </div>
  );
}

/** /account: the customer in view, its contract points (POST /account/info) and its users (POST /account/users). */
export function AccountPage() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useQuery(accountInfoQuery());
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('routes.account')} />
      {isPending && <ListSkeleton rows={3} />}
      {isError && <ListLoadError text={t('account:info.loadFailed')} onRetry={() => void refetch()} />}
      {data && <AccountFacts info={data} />}
      <UsersCard />
    </div>
  );
}
