// What the first screen needs from the device's caches (the shown language's texts, the opened
// screen's code), asked for before the rest of the console runs: the entry imports this first, so
// these load while the browser runs the entry's code, not after it. (The build turns each lazy
// import into a modulepreload link, which the browser sends at once; a bare import() would only be
// sent once the entry's code has run.)
import '../lib/language-start.js';
import { loadScreenCodeAt } from './screen-loaders.js';

// A failure shows where the screen renders (its load is asked again there).
loadScreenCodeAt(window.location.pathname).catch(() => undefined);
