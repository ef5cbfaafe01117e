import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from '../../../shared/constants.js';

/** The console's language of the caller: its `lang` cookie (sent with every call), else the default. */
export function callerLanguage(request: FastifyRequest): Language {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== STORAGE_KEYS.languageCookie) continue;
    const value = rest.join('=').trim().toLowerCase();
    if ((LANGUAGES as readonly string[]).includes(value)) return value as Language;
  }
  return DEFAULT_LANGUAGE;
}
