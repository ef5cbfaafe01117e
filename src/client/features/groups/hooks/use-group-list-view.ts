import { useUrlView, type ViewUpdate } from '../../../lib/use-url-view.js';
import { searchParamsFromView, viewFromSearchParams, type GroupListView } from '../list-view.js';

/** The list's search, sorting and page live in the URL (other parameters, such as the tab, are kept). */
export function useGroupListView(): [GroupListView, (update: ViewUpdate<GroupListView>) => void] {
  return useUrlView(viewFromSearchParams, searchParamsFromView);
}
