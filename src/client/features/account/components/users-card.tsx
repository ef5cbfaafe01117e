import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AccountUser } from '../../../../shared/index.js';
import { Card as ListCard, CardList } from '../../../components/card-list.js';
import { DataTable, type TableColumns } from '../../../components/data-table.js';
import { ListLoadError, ListSkeleton } from '../../../components/list-states.js';
import type { Translate } from '../../../lib/error-text.js';
import { accountUsersQuery } from '../api.js';
import { Card } from './section-card.js';

const STATE_TONES = {
  active: 'bg-green-50 text-green-800 ring-green-200',
  suspended: 'bg-red-50 text-red-800 ring-red-200',
  privilegeDeactivated: 'bg-amber-50 text-amber-900 ring-amber-200',
} as const;

/** Suspended outranks a deactivated privilege: either keeps the user out. */
const stateOf = (user: AccountUser): keyof typeof STATE_TONES => (user.status === 'suspended' ? 'suspended' : user.privilegeActive ? 'active' : 'privilegeDeactivated');

function UserState({ user }: { user: AccountUser }) {
  const { t } = useTranslation();
  const state = stateOf(user);
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${STATE_TONES[state]}`}>{t(`account:users.states.${state}`)}</span>;
}

function rolesText(user: AccountUser, t: Translate): string {
  return user.roles.map((role) => t(`account:users.roleNames.${role}`, { defaultValue: role })).join(', ');
}

function columnsOf(t: Translate): TableColumns<AccountUser> {
  return [
    { id: 'account', header: t('account:users.account'), cell: (user) => <span className="font-mono break-all">{user.account}</span> },
    { id: 'name', header: t('account:users.name'), cell: (user) => <span className="break-words">{user.name}</span> },
    { id: 'email', header: t('account:users.email'), cell: (user) => <span className="break-all">{user.email}</span> },
    { id: 'status', header: t('account:users.status'), cell: (user) => <UserState user={user} /> },
    { id: 'roles', header: t('account:users.roles'), cell: (user) => rolesText(user, t) },
  ];
}

function UserRows({ users }: { users: readonly AccountUser[] }) {
  const { t } = useTranslation();
  const columns = columnsOf(t);
  const [account, ...facts] = columns;
  const attributesOf = (user: AccountUser) => ({ 'data-user': user.account });
  const caption = t('account:users.title');
  return (
    <>
      <DataTable caption={caption} rows={users} columns={columns} attributesOf={attributesOf} className="hidden md:block" />
      <CardList label={caption} className="md:hidden">
        {users.map((user) => (
          <ListCard key={user.id} row={user} attributes={attributesOf(user)} head={<p className="mb-2 text-sm font-medium">{account.cell(user)}</p>} facts={facts} />
        ))}
      </CardList>
    </>
  );
}

/** The customer's users: who may sign in, with what roles (no password data reaches the console). */
export function UsersCard() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useQuery(accountUsersQuery());
  return (
    <Card title={t('account:users.title')}>
      {isPending && <ListSkeleton rows={2} />}
      {isError && <ListLoadError text={t('account:users.loadFailed')} onRetry={() => void refetch()} />}
      {data && data.list.length === 0 && <p className="text-sm text-slate-600">{t('account:users.empty')}</p>}
      {data && data.list.length > 0 && <UserRows users={data.list} />}
    </Card>
  );
}
