import { firstPassRows } from '../list-layout.js';
import { PICTURE_REPLACED_MARK } from './persist-policy.js';
import type { ScreenPicture } from './screen-picture.js';

/**
 * The picture painted at a cold start, before React (src/client/paint-picture.ts): a sibling of
 * #root, inert (nothing in it can be clicked or focused), removed in the commit in which React
 * draws the screen itself, so both never show together and nothing shows between them.
 */
export const PAINTED_PICTURE_ID = 'vigil-picture';

/** Paints the picture after `place`; keeps only the rows the list's own first frame will draw. */
export function paintPicture(picture: ScreenPicture, place: Element, windowHeight: number): HTMLElement {
  const painted = place.ownerDocument.createElement('div');
  painted.id = PAINTED_PICTURE_ID;
  painted.inert = true;
  painted.dataset.queryHash = picture.queryHash;
  painted.dataset.dataUpdatedAt = String(picture.dataUpdatedAt);
  painted.innerHTML = picture.html;
  const rows = painted.querySelectorAll('[data-task-id]');
  for (let index = firstPassRows(windowHeight); index < rows.length; index += 1) rows[index]?.remove();
  place.after(painted);
  return painted;
}

function paintedElement(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById(PAINTED_PICTURE_ID);
}

/** The list answer the painted picture shows, if one is painted. */
export function paintedAnswer(): { queryHash: string; dataUpdatedAt: number } | null {
  const painted = paintedElement();
  if (!painted) return null;
  return { queryHash: painted.dataset.queryHash ?? '', dataUpdatedAt: Number(painted.dataset.dataUpdatedAt) };
}

/** React draws the screen now (or found the picture no longer true): the picture goes. */
export function removePaintedPicture(): void {
  const painted = paintedElement();
  if (!painted) return;
  painted.remove();
  performance.mark(PICTURE_REPLACED_MARK);
}
