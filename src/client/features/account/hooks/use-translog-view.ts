import { useUrlView, type ViewUpdate } from '../../../lib/use-url-view.js';
import { translogViewOf, translogViewParams, type TranslogView } from '../translog-view.js';

/** The points log's view kept in the URL, so a reload or a shared link shows the same rows. */
export function useTranslogView(): [TranslogView, (update: ViewUpdate<TranslogView>) => void] {
  return useUrlView(translogViewOf, translogViewParams);
}
