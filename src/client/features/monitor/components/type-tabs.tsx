import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MONITOR_TYPE_CODES } from '../../../../shared/index.js';
import { useCurrentTabInView } from '../../../lib/use-current-tab-in-view.js';

/** One tab per monitor type, scrolling sideways on narrow screens; the list's search and filters start afresh on another type. */
export function TypeTabs({ current }: { current: number }) {
  const { t } = useTranslation();
  const navRef = useCurrentTabInView(current);
  return (
    <nav ref={navRef} aria-label={t('common:taskTypes.label')} className="relative mb-4 overflow-x-auto overscroll-x-contain border-b border-slate-200">
      <ul className="flex gap-1">
        {MONITOR_TYPE_CODES.map((type) => (
          <li key={type}>
            <Link
              to={`/monitor/${type}`}
              aria-current={type === current ? 'page' : undefined}
              className={`focus-ring -mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap ${
                type === current ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'
              }`}
            >
              {t(`common:taskTypes.${type}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
