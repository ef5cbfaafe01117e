import type { ReactNode } from 'react';
import { Pagination, type PaginationProps } from './pagination.js';

interface PagedResultsProps extends PaginationProps {
  /** The previous page stays on screen, dimmed, while the next one loads. */
  stale: boolean;
  /** The page's rows: a table, cards, or both (one shown by width). */
  children: ReactNode;
}

/** One page of a list and the pager under it. */
export function PagedResults({ stale, children, ...paging }: PagedResultsProps) {
  return (
    <div aria-busy={stale} className={stale ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
      {children}
      <Pagination {...paging} />
    </div>
  );
}
