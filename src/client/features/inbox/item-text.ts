import { useTranslation } from 'react-i18next';
import type { InboxItem } from '../../../shared/index.js';

/** The item's title key's `.body` sibling (push texts are `….title` / `….body`), or null. */
export function bodyKeyOf(title: string): string | null {
  return title.endsWith('.title') ? `${title.slice(0, -'.title'.length)}.body` : null;
}

/** An item's title and body in the console's language (the title is a translation key with its parameters). */
export function useItemText(item: Pick<InboxItem, 'title' | 'titleParams'>): { title: string; body: string | null } {
  const { t, i18n } = useTranslation();
  const bodyKey = bodyKeyOf(item.title);
  return {
    title: t(item.title, { ...item.titleParams, defaultValue: item.title }),
    body: bodyKey !== null && i18n.exists(bodyKey) ? t(bodyKey, item.titleParams) : null,
  };
}
