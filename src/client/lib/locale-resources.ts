import type { Language } from '../../shared/index.js';
import type { LanguageResources } from './locale-namespaces.js';
import en from './locales/en.js';
import zhCn from './locales/zh-cn.js';
import zhTw from './locales/zh-tw.js';

export { NAMESPACES, type Namespace } from './locale-namespaces.js';

/** Every language's texts at once (tests; the console loads one language: language-resources.ts). */
export const RESOURCES: Record<Language, LanguageResources> = { 'zh-tw': zhTw, 'zh-cn': zhCn, en };
