import { useUrlView, type ViewUpdate } from '../../../lib/use-url-view.js';
import { sslSearchParamsFromView, sslViewFromSearchParams, type SslListView } from '../ssl-view.js';

/** The SSL list's search, filters, sorting and page live in the URL, like the other lists. */
export function useSslView(): [SslListView, (update: ViewUpdate<SslListView>) => void] {
  return useUrlView(sslViewFromSearchParams, sslSearchParamsFromView);
}
