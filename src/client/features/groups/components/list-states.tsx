import { useTranslation } from 'react-i18next';
import { Button, NetworkButton } from '../../../components/button.js';
import { ListLoadError, ListSkeleton } from '../../../components/list-states.js';

export function GroupListSkeleton() {
  return <ListSkeleton rows={5} />;
}

/** Already translated text; a retry asks again. */
export function GroupListError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return <ListLoadError text={text} onRetry={onRetry} />;
}

interface GroupListEmptyProps {
  /** Already translated. */
  text: string;
  /** With a search: a way back to the whole list. */
  onClearSearch?: (() => void) | undefined;
  /** Without one: a way to create the first (none in read-only mode). */
  createLabel?: string | undefined;
  onCreate?: (() => void) | undefined;
}

export function GroupListEmpty({ text, onClearSearch, createLabel, onCreate }: GroupListEmptyProps) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-medium break-words text-slate-800">{text}</p>
      {onClearSearch && <Button onClick={onClearSearch}>{t('groups:search.clear')}</Button>}
      {!onClearSearch && onCreate && createLabel && <NetworkButton onClick={onCreate}>{createLabel}</NetworkButton>}
    </div>
  );
}
