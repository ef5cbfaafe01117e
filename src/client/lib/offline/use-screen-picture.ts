import { hashKey, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { BUILD_ID } from '../build-id.js';
import { languageFromCookie } from '../language.js';
import { WIDE_SCREEN_QUERY } from '../list-layout.js';
import { getToken } from '../session-storage.js';
import { getConnection, problemOf } from './connection.js';
import { readIdentity, tokenFingerprint } from './identity.js';
import { pictureKeeper } from './picture-keeper.js';
import { isAsAtStart, screenHtmlOf } from './screen-capture.js';

/** The list's answer a screen shows; `shown` once its rows are drawn from it (not a placeholder). */
export interface PicturedAnswer {
  queryKey: QueryKey;
  dataUpdatedAt: number;
  shown: boolean;
}

/** Long enough for the rows after the first frame's (an interruptible pass) and the title to be drawn. */
const SETTLE_MS = 1_000;

function takePicture(queryHash: string, dataUpdatedAt: number, path: string): void {
  const root = document.getElementById('root');
  const token = getToken();
  const identity = token ? readIdentity(token) : null;
  // Offline or out of reach, the screen says so and disables its changes; a cold start's first frame does neither.
  if (!root || !token || !identity || problemOf(getConnection()) !== null || !isAsAtStart(root)) return;
  pictureKeeper.offer({
    build: BUILD_ID,
    token: tokenFingerprint(token),
    custId: identity.custId,
    userId: identity.userId,
    language: languageFromCookie(document.cookie),
    path,
    wide: window.matchMedia(WIDE_SCREEN_QUERY).matches,
    queryHash,
    dataUpdatedAt,
    title: document.title,
    html: screenHtmlOf(root),
  });
}

/**
 * Keeps a picture of this screen for the next cold start (lib/offline/screen-picture.ts): taken
 * once each answer is drawn, and again when the page is hidden (what the user saw last).
 */
export function useScreenPicture({ queryKey, dataUpdatedAt, shown }: PicturedAnswer): void {
  const { pathname, search } = useLocation();
  const queryHash = hashKey(queryKey);
  const path = pathname + search;
  useEffect(() => {
    if (!shown) return;
    const take = () => takePicture(queryHash, dataUpdatedAt, path);
    const timer = setTimeout(take, SETTLE_MS);
    const onHide = () => {
      if (document.visibilityState === 'hidden') take();
    };
    document.addEventListener('visibilitychange', onHide);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [queryHash, dataUpdatedAt, shown, path]);
}
