import { readIdentity, tokenFingerprint, type IdentityStorage } from './identity.js';
import { PERSIST_MAX_AGE_MS, PICTURE_KEY } from './persist-policy.js';

/**
 * A picture of the task list the user last saw: the HTML React drew for it, its texts already in
 * the user's language and its figures those of the list's answer kept in the device's store. A
 * cold start paints it from a small classic script (src/client/paint-picture.ts) before the
 * console's code has run, and React replaces it with the same screen (docs/architecture.md,
 * "Offline"). Kept in localStorage beside the token, so the script reads it synchronously.
 */
export { PICTURE_KEY };

export interface ScreenPicture {
  /** The build that drew it: another build's markup and styles may differ. */
  build: string;
  /** The fingerprint of the token it was drawn under. */
  token: string;
  custId: number;
  userId: number;
  language: string;
  /** Path and query of the screen (a list's view lives in its query). */
  path: string;
  /** Whether the window was wide (a table) or narrow (cards): the list draws one or the other. */
  wide: boolean;
  /** The list's answer it shows, as the device's store holds it. */
  queryHash: string;
  dataUpdatedAt: number;
  title: string;
  html: string;
}

/** Where and as whom a cold start opens. */
export interface PictureSituation {
  build: string;
  token: string | null;
  language: string;
  path: string;
  wide: boolean;
  now: number;
}

export type PictureStorage = IdentityStorage;

export function browserPictureStorage(): PictureStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isPicture(value: unknown): value is ScreenPicture {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<ScreenPicture>;
  const texts = [record.build, record.token, record.language, record.path, record.queryHash, record.title, record.html];
  const numbers = [record.custId, record.userId, record.dataUpdatedAt];
  return texts.every((text) => typeof text === 'string') && numbers.every((number) => Number.isFinite(number)) && typeof record.wide === 'boolean';
}

export function readPicture(storage: PictureStorage | null = browserPictureStorage()): ScreenPicture | null {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(PICTURE_KEY) ?? 'null');
    return isPicture(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writePicture(picture: ScreenPicture, storage: PictureStorage | null = browserPictureStorage()): void {
  try {
    storage?.setItem(PICTURE_KEY, JSON.stringify(picture));
  } catch {
    // A full storage keeps no picture: the cold start paints when React does.
    forgetPicture(storage);
  }
}

export function forgetPicture(storage: PictureStorage | null = browserPictureStorage()): void {
  try {
    storage?.removeItem(PICTURE_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

function drawnFor(picture: ScreenPicture, situation: PictureSituation): boolean {
  return (
    picture.build === situation.build &&
    picture.language === situation.language &&
    picture.path === situation.path &&
    picture.wide === situation.wide &&
    situation.now - picture.dataUpdatedAt <= PERSIST_MAX_AGE_MS
  );
}

/**
 * The picture a cold start may paint: drawn under this token for the identity stored beside it, by
 * this build, in this language, of this path at this width, and no older than the store keeps
 * answers. Anything else paints nothing.
 */
export function pictureToPaint(situation: PictureSituation, storage: PictureStorage | null = browserPictureStorage()): ScreenPicture | null {
  const picture = readPicture(storage);
  if (!picture || !situation.token || picture.token !== tokenFingerprint(situation.token)) return null;
  const identity = readIdentity(situation.token, storage);
  if (!identity || identity.custId !== picture.custId || identity.userId !== picture.userId) return null;
  return drawnFor(picture, situation) ? picture : null;
}
