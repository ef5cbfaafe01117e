import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/shared/index.js';
import { loadLanguageResources } from '../../../src/client/lib/language-resources.js';
import { NAMESPACES, RESOURCES } from '../../../src/client/lib/locale-resources.js';

describe("the console's texts, one language at a time", () => {
  it.each(LANGUAGES)('%s loads every namespace, the same texts the tests render with', async (language) => {
    const loaded = await loadLanguageResources(language);
    expect(Object.keys(loaded).sort()).toEqual([...NAMESPACES].sort());
    expect(loaded).toEqual(RESOURCES[language]);
  });

  it('loads a language without the others', async () => {
    const english = await loadLanguageResources('en');
    const traditional = await loadLanguageResources('zh-tw');
    expect(english.common).not.toEqual(traditional.common);
    expect((english.common as { login: { submit: string } }).login.submit).toBe('Sign in');
  });
});
