import { useTranslation } from 'react-i18next';
import { Button } from './button.js';
import { DangerButton } from './danger-button.js';

/** What the bar needs of a list's selection (the task and group lists each keep their own). */
export interface ChosenBatch {
  selected: { size: number };
  /** A batch holds at most `max` rows. */
  full: boolean;
  clear: () => void;
}

export interface SelectionBarTexts {
  region: string;
  count: string;
  max: string;
  clear: string;
  delete: string;
}

/** The count and the maximum as the user's language writes them, for the caller's texts. */
export interface BatchFigures {
  count: number;
  shown: string;
  max: string;
}

interface SelectionBarProps {
  selection: ChosenBatch;
  max: number;
  /** The bar's texts, from the list's own namespace. */
  textsOf: (figures: BatchFigures) => SelectionBarTexts;
  onDelete: () => void;
  /** Deleting changes monitor tasks: it also waits while an import is processing. */
  taskChange?: boolean;
}

/** How many rows are chosen for bulk delete, the batch maximum, and the delete and clear actions; nothing while none is chosen. */
export function SelectionBar({ selection, max, textsOf, onDelete, taskChange = false }: SelectionBarProps) {
  const { i18n } = useTranslation();
  const count = selection.selected.size;
  if (count === 0) return null;
  const number = new Intl.NumberFormat(i18n.language);
  const texts = textsOf({ count, shown: number.format(count), max: number.format(max) });
  return (
    <div role="region" aria-label={texts.region} className="mb-3 flex flex-wrap items-center gap-3 rounded-lg border border-brand-100 bg-brand-50 px-4 py-2">
      <p aria-live="polite" className="text-sm text-slate-800">
        {texts.count}
        {selection.full && <span className="ml-2 text-slate-600">{texts.max}</span>}
      </p>
      <div className="ml-auto flex gap-2">
        <Button variant="secondary" onClick={() => selection.clear()}>
          {texts.clear}
        </Button>
        <DangerButton onClick={onDelete} taskChange={taskChange}>{texts.delete}</DangerButton>
      </div>
    </div>
  );
}
