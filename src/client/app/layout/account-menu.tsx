import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { UserIcon } from '../../components/icons.js';
import { useReturnToPlatform, useSignOut } from '../../features/auth/index.js';
import { menuIndexAfter, usePopup } from '../../lib/use-popup.js';
import { useSession } from '../session-context.js';

const itemClass =
  'block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus:bg-slate-100 focus:text-slate-900 focus:outline-none';

/** Which item takes focus when the menu opens: the first, or the last (ArrowUp on the button). */
type FirstFocus = 'first' | 'last';

function MenuLink({ to, children, onChosen }: { to: string; children: ReactNode; onChosen: () => void }) {
  return (
    <Link to={to} role="menuitem" tabIndex={-1} className={itemClass} onClick={onChosen}>
      {children}
    </Link>
  );
}

function MenuAction({ onSelect, children, onChosen }: { onSelect: () => void; children: ReactNode; onChosen: () => void }) {
  const choose = () => {
    onChosen();
    onSelect();
  };
  return (
    <button type="button" role="menuitem" tabIndex={-1} className={itemClass} onClick={choose}>
      {children}
    </button>
  );
}

function CustomerMenuItems({ onChosen }: { onChosen: () => void }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <>
      <MenuLink to="/profile/update" onChosen={onChosen}>
        {t('accountMenu.profile')}
      </MenuLink>
      <MenuLink to="/account" onChosen={onChosen}>
        {t('accountMenu.account')}
      </MenuLink>
      <MenuAction onSelect={() => void signOut()} onChosen={onChosen}>
        {t('accountMenu.logout')}
      </MenuAction>
    </>
  );
}

/** Both customers and administrators may look at the account and its points. */
function AdminMenuItems({ onChosen }: { onChosen: () => void }) {
  const { t } = useTranslation();
  const returnToPlatform = useReturnToPlatform();
  return (
    <>
      <MenuLink to="/account" onChosen={onChosen}>
        {t('accountMenu.account')}
      </MenuLink>
      <MenuAction onSelect={() => void returnToPlatform()} onChosen={onChosen}>
        {t('accountMenu.returnToPlatform')}
      </MenuAction>
    </>
  );
}

const menuItemsOf = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

/** Arrow keys, Home and End move among the items (wrapping). */
function moveFocus(event: KeyboardEvent<HTMLElement>): void {
  const items = menuItemsOf(event.currentTarget);
  const next = menuIndexAfter(event.key, items.indexOf(document.activeElement as HTMLElement), items.length);
  if (next === null) return;
  event.preventDefault();
  items[next]?.focus();
}

/** Profile, account and logout; for an administrator the customer's name and the way back (§2). */
export function AccountMenu() {
  const { t } = useTranslation();
  const { user, adminMode } = useSession();
  const { open, toggle, show, close, rootRef, buttonRef, panelRef, panelId, buttonId } = usePopup();
  const firstFocus = useRef<FirstFocus>('first');
  const menuRef = useRef<HTMLDivElement>(null);
  const shownName = adminMode ? user.custName : user.name;

  useEffect(() => {
    if (!open) return;
    const items = menuItemsOf(menuRef.current);
    (firstFocus.current === 'last' ? items.at(-1) : items[0])?.focus();
  }, [open]);

  const openFromKeys = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    firstFocus.current = event.key === 'ArrowUp' ? 'last' : 'first';
    show();
  };
  const toggleFromClick = () => {
    firstFocus.current = 'first';
    toggle();
  };
  const chosen = () => close(true);
  // Tab closes the menu from its button, so focus goes on to the control after it; the other keys move.
  const onMenuKeyDown = (event: KeyboardEvent<HTMLElement>) => (event.key === 'Tab' ? close(true) : moveFocus(event));

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-label={t('accountMenu.button')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggleFromClick}
        onKeyDown={openFromKeys}
        className="focus-ring flex items-center gap-2 rounded-md p-2 text-sm text-slate-700 hover:bg-slate-100"
      >
        <UserIcon />
        <span className="hidden max-w-40 truncate sm:inline">{shownName}</span>
      </button>
      {open && (
        <div ref={panelRef} className="absolute top-full right-0 z-40 mt-1.5 w-56 rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
          <p className="border-b border-slate-100 px-4 py-2 text-xs text-slate-500">
            {adminMode ? t('accountMenu.viewingCustomer', { customer: user.custName }) : t('accountMenu.signedInAs', { name: user.name, account: user.account })}
          </p>
          <div ref={menuRef} id={panelId} role="menu" aria-labelledby={buttonId} onKeyDown={onMenuKeyDown}>
            {adminMode ? <AdminMenuItems onChosen={chosen} /> : <CustomerMenuItems onChosen={chosen} />}
          </div>
        </div>
      )}
    </div>
  );
}
