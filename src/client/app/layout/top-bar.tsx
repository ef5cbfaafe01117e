import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CloseIcon, LogoMark, MenuIcon } from '../../components/icons.js';
import { LanguageSwitch } from '../../components/language-switch.js';
import { InboxBell } from '../../features/inbox/index.js';
import { PushControl } from '../../features/push/index.js';
import type { NavSection } from '../routes.js';
import { useSession } from '../session-context.js';
import { AccountMenu } from './account-menu.js';
import { SectionTabs } from './section-nav.js';

/** Brand, section tabs (a menu button below md), language, inbox bell and account menu. */
export function TopBar({ sections }: { sections: NavSection[] }) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const mobileNavId = useId();
  const { adminMode } = useSession();
  return (
    <header data-top-bar="" className="border-b border-slate-200 bg-white">
      <div className="flex h-14 items-center gap-2 px-3">
        <button
          type="button"
          className="focus-ring rounded-md p-2 text-slate-600 hover:bg-slate-100 md:hidden"
          aria-label={t(menuOpen ? 'nav.closeMenu' : 'nav.openMenu')}
          aria-expanded={menuOpen}
          aria-controls={mobileNavId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon className="size-5" /> : <MenuIcon />}
        </button>
        <Link to="/" className="focus-ring flex items-center gap-2 rounded-md pr-2 font-semibold text-slate-900">
          <LogoMark />
          <span className="hidden sm:inline">{t('appName')}</span>
        </Link>
        <nav aria-label={t('nav.label')} className="hidden md:block">
          <SectionTabs sections={sections} className="flex items-center gap-1" />
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <LanguageSwitch />
          <InboxBell footer={<PushControl />} readOnly={adminMode} />
          <AccountMenu />
        </div>
      </div>
      {menuOpen && (
        <nav id={mobileNavId} aria-label={t('nav.label')} className="border-t border-slate-200 px-3 py-2 md:hidden">
          <SectionTabs sections={sections} className="flex flex-col gap-1" onNavigate={() => setMenuOpen(false)} />
        </nav>
      )}
    </header>
  );
}
