import { useUrlView, type ViewUpdate } from '../../../lib/use-url-view.js';
import { inboxViewOf, inboxViewParams, type InboxScreenView } from './screen-view.js';

/** The screen's view kept in the URL, so a reload or a shared link (`?sno=`) shows the same. */
export function useInboxView(): [InboxScreenView, (update: ViewUpdate<InboxScreenView>) => void] {
  return useUrlView(inboxViewOf, inboxViewParams);
}
