import { FIRST_CHUNKS_ELEMENT_ID, type FirstChunks } from './first-chunks.js';

function isFirstChunks(value: unknown): value is FirstChunks {
  const chunks = value as Partial<FirstChunks> | null;
  return typeof chunks?.texts === 'object' && typeof chunks.list?.code === 'string' && typeof chunks.list.texts === 'object';
}

export function readFirstChunks(document: Document): FirstChunks | null {
  try {
    const parsed: unknown = JSON.parse(document.getElementById(FIRST_CHUNKS_ELEMENT_ID)?.textContent ?? 'null');
    return isFirstChunks(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Asks for the scripts at once, as the build's own modulepreload links do. */
export function preloadModules(document: Document, urls: readonly (string | undefined)[]): void {
  for (const url of urls) {
    if (!url || document.querySelector(`link[rel="modulepreload"][href="${url}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = url;
    document.head.appendChild(link);
  }
}
