import type { Language } from '../../shared/index.js';
import { languageFromCookie } from './language.js';
import { loadLanguageResources } from './language-resources.js';
import type { StartResources } from './locale-namespaces.js';

/**
 * The shown language and its texts, requested as soon as this module runs: the entry's first
 * import (app/first-requests.ts) imports it before anything else, so the texts' chunk loads while
 * the rest of the console's code is still being evaluated, not after it.
 */
export const startingLanguage: Language = languageFromCookie(document.cookie);
export const startingTexts: Promise<StartResources> = loadLanguageResources(startingLanguage);
