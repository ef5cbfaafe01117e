// A classic script of its own (vite.config.ts builds it apart and puts it in the page before
// #root): paints the kept picture of the task list the user last saw while the console's code is
// still loading (docs/architecture.md, "Offline"). It imports nothing React or i18next needs.
import { STORAGE_KEYS } from '../shared/constants.js';
import { BUILD_ID } from './lib/build-id.js';
import { htmlLangOf, isLanguage, languageFromCookie } from './lib/language.js';
import { WIDE_SCREEN_QUERY } from './lib/list-layout.js';
import { paintPicture } from './lib/offline/painted-picture.js';
import { browserPictureStorage, pictureToPaint } from './lib/offline/screen-picture.js';

function paintKeptPicture(): void {
  const storage = browserPictureStorage();
  const place = document.currentScript;
  if (!storage || !place) return;
  const language = languageFromCookie(document.cookie);
  const picture = pictureToPaint({
    build: BUILD_ID,
    token: storage.getItem(STORAGE_KEYS.tokenLocalStorage),
    language,
    path: window.location.pathname + window.location.search,
    wide: window.matchMedia(WIDE_SCREEN_QUERY).matches,
    now: Date.now(),
  });
  if (!picture || !isLanguage(picture.language)) return;
  document.documentElement.lang = htmlLangOf(language);
  document.title = picture.title;
  paintPicture(picture, place, window.innerHeight);
}

try {
  paintKeptPicture();
} catch {
  // Whatever fails here, React draws the screen as it would have without a picture.
}
