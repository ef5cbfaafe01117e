import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Narrow screens' touch height (44 px) for the selects, boxes and buttons of a list's filters; from
 * `lg` up, where the list is a table for a mouse, they keep their compact height.
 */
export const FILTER_TOUCH = 'max-lg:[&_button]:min-h-11 max-lg:[&_input]:min-h-11 max-lg:[&_select]:min-h-11';

interface FilterDisclosureProps {
  /** How many of the folded filters narrow the list now (sorting is not a filter). */
  activeCount: number;
  /** The filter and sorting selects: grid items of the toolbar from `md` up. */
  children: ReactNode;
}

/**
 * Below `md` the filters and sorting fold behind a "Filters" button that says how many are active,
 * so the first tasks show in the first screenful; the search box beside it stays. From `md` up the
 * button is gone and the selects take their places in the toolbar's grid.
 */
export function FilterDisclosure({ activeCount, children }: FilterDisclosureProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="focus-ring col-span-2 inline-flex min-h-11 items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 md:hidden"
      >
        <span>{activeCount > 0 ? t('monitor:filters.toggleCount', { count: activeCount }) : t('monitor:filters.toggle')}</span>
        <span aria-hidden="true" className={`text-xs text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`}>
          ▼
        </span>
      </button>
      <div id={panelId} className={open ? 'col-span-2 grid grid-cols-2 gap-3 md:contents' : 'hidden md:contents'}>
        {children}
      </div>
    </>
  );
}

/** How many of the values are set: the active filters of a list's view. */
export function countActive(...values: readonly unknown[]): number {
  return values.filter((value) => value !== undefined).length;
}
