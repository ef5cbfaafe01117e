// A classic script of its own (vite.config.ts builds it apart and puts it in the page before
// #root): paints the kept picture of the task list the user last saw while the console's code is
// still loading (docs/architecture.md, "Offline"). It imports nothing React or i18next needs.
import { STORAGE_KEYS } from '../shared/constants.js';
import { BUILD_ID } from './lib/build-id.js';
import type { Language } from '../shared/index.js';
import { htmlLangOf, languageFromCookie } from './lib/language.js';
import { WIDE_SCREEN_QUERY } from './lib/list-layout.js';
import { preloadModules, readFirstChunks } from './lib/offline/first-chunk-requests.js';
import { paintPicture } from './lib/offline/painted-picture.js';
import { browserPictureStorage, pictureToPaint } from './lib/offline/screen-picture.js';

/** Paints the kept picture if there is a true one; says whether it did. */
function paintKeptPicture(language: Language): boolean {
  const storage = browserPictureStorage();
  const place = document.currentScript;
  if (!storage || !place) return false;
  const picture = pictureToPaint({
    build: BUILD_ID,
    token: storage.getItem(STORAGE_KEYS.tokenLocalStorage),
    language,
    path: window.location.pathname + window.location.search,
    wide: window.matchMedia(WIDE_SCREEN_QUERY).matches,
    now: Date.now(),
  });
  if (!picture) return false;
  document.documentElement.lang = htmlLangOf(language);
  document.title = picture.title;
  paintPicture(picture, place, window.innerHeight);
  return true;
}

try {
  const language = languageFromCookie(document.cookie);
  const chunks = readFirstChunks(document);
  // Asked for before the picture's first frame is drawn, which holds the entry's own requests back.
  preloadModules(document, [chunks?.texts[language]]);
  if (paintKeptPicture(language)) preloadModules(document, [chunks?.list.code, chunks?.list.texts[language]]);
} catch {
  // Whatever fails here, React draws the screen as it would have without a picture.
}
