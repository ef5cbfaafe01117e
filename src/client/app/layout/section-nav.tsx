import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { routeById, sectionOfPath } from '../navigation.js';
import type { NavSection } from '../routes.js';
import { routeAt } from '../screen-loaders.js';

const tabClass = (active: boolean) =>
  `focus-ring rounded-md px-3 py-2 text-sm font-medium ${
    active ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
  }`;

/** The top bar tabs; each leads to the first entry of its section the user may see. */
export function SectionTabs({ sections, className = '', onNavigate }: { sections: NavSection[]; className?: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const active = sectionOfPath(useLocation().pathname);
  return (
    <ul className={className}>
      {sections.map((section) => (
        <li key={section.id}>
          <Link
            to={section.items[0]?.to ?? '/'}
            aria-current={section.id === active ? 'page' : undefined}
            className={`block ${tabClass(section.id === active)}`}
            onClick={onNavigate}
          >
            {t(section.titleKey)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Entries of the current section when it has more than one. */
export function SubNav({ sections }: { sections: NavSection[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const section = sections.find((candidate) => candidate.id === sectionOfPath(pathname));
  // Any type's list is the entry's screen (the entry leads to type 1).
  const routeId = routeAt(pathname)?.id;
  if (!section || section.items.length < 2) return null;
  return (
    <nav aria-label={t(section.titleKey)} className="border-b border-slate-200 bg-white">
      <ul className="flex gap-1 overflow-x-auto px-3 py-1.5">
        {section.items.map((item) => {
          const current = pathname === item.to || routeId === item.routeId;
          return (
            <li key={item.routeId} className="shrink-0">
              <Link to={item.to} aria-current={current ? 'page' : undefined} className={tabClass(current)}>
                {t(routeById(item.routeId)?.titleKey ?? '')}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
