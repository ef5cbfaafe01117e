import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { UserIcon } from '../../components/icons.js';
import { useReturnToPlatform, useSignOut } from '../../features/auth/index.js';
import { useSession } from '../session-context.js';

const itemClass =
  'block w-full px-4 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900';

/** Both customers and administrators may look at the account and its points. */
function AccountItem() {
  const { t } = useTranslation();
  return (
    <MenuItem>
      <Link to="/account" className={itemClass}>
        {t('accountMenu.account')}
      </Link>
    </MenuItem>
  );
}

function CustomerMenuItems() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <>
      <MenuItem>
        <Link to="/profile/update" className={itemClass}>
          {t('accountMenu.profile')}
        </Link>
      </MenuItem>
      <AccountItem />
      <MenuItem>
        <button type="button" onClick={() => void signOut()} className={itemClass}>
          {t('accountMenu.logout')}
        </button>
      </MenuItem>
    </>
  );
}

function AdminMenuItems() {
  const { t } = useTranslation();
  const returnToPlatform = useReturnToPlatform();
  return (
    <>
      <AccountItem />
      <MenuItem>
        <button type="button" onClick={() => void returnToPlatform()} className={itemClass}>
          {t('accountMenu.returnToPlatform')}
        </button>
      </MenuItem>
    </>
  );
}

/** Profile, account and logout; for an administrator the customer's name and the way back (§2). */
export function AccountMenu() {
  const { t } = useTranslation();
  const { user, adminMode } = useSession();
  const shownName = adminMode ? user.custName : user.name;
  return (
    <Menu as="div" className="relative">
      <MenuButton
        aria-label={t('accountMenu.button')}
        className="focus-ring flex items-center gap-2 rounded-md p-2 text-sm text-slate-700 hover:bg-slate-100"
      >
        <UserIcon />
        <span className="hidden max-w-40 truncate sm:inline">{shownName}</span>
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 6 }}
        className="z-40 w-56 rounded-lg border border-slate-200 bg-white py-1 shadow-lg focus:outline-none"
      >
        <div className="border-b border-slate-100 px-4 py-2 text-xs text-slate-500">
          {adminMode ? t('accountMenu.viewingCustomer', { customer: user.custName }) : t('accountMenu.signedInAs', { name: user.name, account: user.account })}
        </div>
        {adminMode ? <AdminMenuItems /> : <CustomerMenuItems />}
      </MenuItems>
    </Menu>
  );
}
