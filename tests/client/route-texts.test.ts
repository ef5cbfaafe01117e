import { describe, expect, it } from 'vitest';
import { NAV_SECTIONS, ROUTES } from '../../src/client/app/routes.js';
import { RESOURCES } from '../../src/client/lib/locale-resources.js';
import { LANGUAGES } from '../../src/shared/index.js';

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe('route table texts', () => {
  it('every route and menu section has a title in every language', () => {
    const keys = [...ROUTES.map((route) => route.titleKey), ...NAV_SECTIONS.map((section) => section.titleKey)];
    for (const language of LANGUAGES) {
      for (const key of keys) expect(typeof lookup(RESOURCES[language].common, key), `${language} ${key}`).toBe('string');
    }
  });
});
