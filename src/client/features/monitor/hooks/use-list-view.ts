import { useUrlView, type ViewUpdate } from '../../../lib/use-url-view.js';
import { searchParamsFromView, viewFromSearchParams, type MonitorListView } from '../list-view.js';

/** The list's search, filters, sorting, page, range and refresh live in the URL, so a reload or a shared link shows the same list. */
export function useListView(): [MonitorListView, (update: ViewUpdate<MonitorListView>) => void] {
  return useUrlView(viewFromSearchParams, searchParamsFromView);
}
