import type { NewsItem } from '../../../../shared/index.js';
import { Modal } from '../../../components/modal.js';
import { localDayOf } from '../overview-cards.js';

/** One news item in full, in the language its texts are in. */
export function NewsDialog({ item, onClose }: { item: NewsItem; onClose: () => void }) {
  return (
    <Modal open title={item.title} onClose={onClose} wide>
      <div lang={item.language} className="mt-1 flex flex-col gap-3">
        <p className="text-xs text-slate-500">
          <time dateTime={item.publishedAt}>{localDayOf(item.publishedAt)}</time>
        </p>
        <p className="text-sm break-words whitespace-pre-line text-slate-800">{item.body}</p>
      </div>
    </Modal>
  );
}
