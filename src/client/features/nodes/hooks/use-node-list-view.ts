import { useUrlView, type ViewUpdate } from '../../../lib/use-url-view.js';
import { searchParamsFromView, viewFromSearchParams, type NodeListView } from '../node-filters.js';

/** The list's filters and page live in the URL, so a reload or a shared link shows the same list. */
export function useNodeListView(): [NodeListView, (update: ViewUpdate<NodeListView>) => void] {
  return useUrlView(viewFromSearchParams, searchParamsFromView);
}
