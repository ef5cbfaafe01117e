import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedResults } from '../../../components/paged-results.js';
import { withKeyword, withPage, withPageSize, type GroupListView } from '../list-view.js';
import { GroupListEmpty } from './list-states.js';
import type { ViewUpdate } from '../../../lib/use-url-view.js';

interface GroupResultsProps {
  answer: { list: readonly unknown[]; total: number };
  view: GroupListView;
  onView: (update: ViewUpdate<GroupListView>) => void;
  stale: boolean;
  /** What an empty list says without a search and with one, and its create button's label (already translated). */
  emptyTexts: { none: string; searched: string; create: string };
  /** None in read-only mode. */
  onCreate: (() => void) | undefined;
  /** The page's table and cards. */
  children: ReactNode;
}

/** One page of a group, tag or matched-IP group list with its pager, or why it is empty and the way on. */
export function GroupResults({ answer, view, onView, stale, emptyTexts, onCreate, children }: GroupResultsProps) {
  const { t } = useTranslation();
  if (answer.list.length === 0) {
    const searched = view.keyword !== '';
    return (
      <GroupListEmpty
        text={searched ? emptyTexts.searched : emptyTexts.none}
        onClearSearch={searched ? () => onView((latest) => withKeyword(latest, '')) : undefined}
        createLabel={emptyTexts.create}
        onCreate={onCreate}
      />
    );
  }
  return (
    <PagedResults
      stale={stale}
      totalText={(shown) => t('groups:paging.total', { total: shown })}
      page={view.page}
      pageSize={view.pageSize}
      total={answer.total}
      onPage={(page) => onView((latest) => withPage(latest, page))}
      onPageSize={(pageSize) => onView((latest) => withPageSize(latest, pageSize))}
    >
      {children}
    </PagedResults>
  );
}
