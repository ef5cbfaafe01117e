import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/shared/index.js';
import { FEATURE_TEXTS } from '../../../src/client/app/screen-loaders.js';
import { loadFeatureTexts, loadLanguageResources } from '../../../src/client/lib/language-resources.js';
import { START_NAMESPACES, type FeatureNamespace } from '../../../src/client/lib/locale-namespaces.js';
import { NAMESPACES, RESOURCES } from '../../../src/client/lib/locale-resources.js';

const FEATURE_NAMESPACES = NAMESPACES.filter((namespace): namespace is FeatureNamespace => !(START_NAMESPACES as readonly string[]).includes(namespace));

describe("the console's texts, one language at a time", () => {
  it.each(LANGUAGES)('%s loads the start texts, then each feature its own: together every namespace the tests render with', async (language) => {
    const start = await loadLanguageResources(language);
    expect(Object.keys(start).sort()).toEqual([...START_NAMESPACES].sort());
    const features = await Promise.all(FEATURE_NAMESPACES.map(async (namespace) => [namespace, await loadFeatureTexts(language, namespace)] as const));
    expect({ ...start, ...Object.fromEntries(features) }).toEqual(RESOURCES[language]);
  });

  it('gives every namespace beyond the start texts to a feature that loads it', () => {
    const loadedByFeatures = new Set(Object.values(FEATURE_TEXTS).flat());
    expect(FEATURE_NAMESPACES.filter((namespace) => !loadedByFeatures.has(namespace))).toEqual([]);
  });

  it('loads a language without the others', async () => {
    const english = await loadLanguageResources('en');
    const traditional = await loadLanguageResources('zh-tw');
    expect(english.common).not.toEqual(traditional.common);
    expect((english.common as { login: { submit: string } }).login.submit).toBe('Sign in');
  });
});
