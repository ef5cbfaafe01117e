import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../../src/client/lib/locale-resources.js';
import { LANGUAGES } from '../../../src/shared/index.js';

type Tree = { [key: string]: string | Tree };

const textAt = (tree: Tree, path: string): unknown => path.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);

describe('push texts', () => {
  // Key and placeholder parity across languages is tests/client/locales.test.ts's job.
  it('has a title and a body for every deployment outcome the server sends, in every language', () => {
    for (const language of LANGUAGES) {
      const push = RESOURCES[language].push as Tree;
      for (const outcome of ['completed', 'errorNodes', 'manyCompleted', 'manyErrorNodes']) {
        for (const part of ['title', 'body']) expect(typeof textAt(push, `events.deploy.${outcome}.${part}`), `${language} ${outcome}.${part}`).toBe('string');
      }
    }
  });

  it('explains every reason push can be unavailable', () => {
    for (const language of LANGUAGES) {
      const push = RESOURCES[language].push as Tree;
      for (const reason of ['insecure', 'iosHomeScreen', 'iosTooOld', 'unsupported', 'denied', 'noWorker']) {
        expect(typeof textAt(push, `unavailable.${reason}`), `${language} ${reason}`).toBe('string');
      }
    }
  });
});
