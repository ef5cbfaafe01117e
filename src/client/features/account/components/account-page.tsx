import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountInfo, Contract } from '../../../../shared/index.js';
import { Button } from '../../../components/button.js';
import { PageHeader } from '../../../components/page-header.js';
import { accountInfoQuery } from '../api.js';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 className="mb-4 text-sm font-semibold text-slate-800">{title}</h2>
      {children}
    </section>
  );
}

function ContractFacts({ contract }: { contract: Contract }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
      <Fact label={t('account.contractStart')}>{contract.startDate}</Fact>
      <Fact label={t('account.contractEnd')}>{contract.endDate}</Fact>
      <Fact label={t('account.purchasedPoints')}>{number.format(contract.purchasedPoints)}</Fact>
      <Fact label={t('account.usedPoints')}>{number.format(contract.usedPoints)}</Fact>
      <Fact label={t('account.remainingPoints')}>{number.format(contract.remainingPoints)}</Fact>
    </dl>
  );
}

function AccountFacts({ info }: { info: AccountInfo }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title={t('account.customer')}>
        <dl className="grid grid-cols-2 gap-4">
          <Fact label={t('account.customerName')}>{info.customer.name}</Fact>
          <Fact label={t('account.taxId')}>{info.customer.taxId || t('account.none')}</Fact>
        </dl>
      </Card>
      <Card title={t('account.contract')}>
        {info.contract ? <ContractFacts contract={info.contract} /> : <p className="text-sm text-slate-600">{t('account.noContract')}</p>}
      </Card>
    </div>
  );
}

/** /account: the customer in view and its contract points (POST /account/info). */
export function AccountPage() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useQuery(accountInfoQuery());
  return (
    <div>
      <PageHeader title={t('routes.account')} />
      {isPending && <p role="status" className="text-sm text-slate-600">{t('loading')}</p>}
      {isError && (
        <div className="flex items-center gap-3">
          <p className="text-sm text-slate-600">{t('loadFailed')}</p>
          <Button variant="secondary" onClick={() => void refetch()}>
            {t('retry')}
          </Button>
        </div>
      )}
      {data && <AccountFacts info={data} />}
    </div>
  );
}
