import { describe, expect, it } from 'vitest';
import { languageOf, pushText } from '../../../src/server/modules/push/texts.js';

describe('push texts on the server', () => {
  it('reads the push namespace in the language and fills the placeholders', () => {
    const params = { name: 'Shop', total: 3, failed: 1 };
    expect(pushText('en', 'push:events.deploy.errorNodes.title', params)).toBe('Deployment with error nodes: Shop');
    expect(pushText('zh-tw', 'events.deploy.errorNodes.body', params)).toBe('錯誤節點：3 個節點中有 1 個未套用 Shop 的變更。請在任務列表中重建。');
  });

  it('answers the key itself for an unknown one, and leaves a missing placeholder visible', () => {
    expect(pushText('en', 'push:events.nothing.title')).toBe('push:events.nothing.title');
    expect(pushText('en', 'push:events.deploy.completed.title')).toBe('Deployed: {{name}}');
  });

  it('takes the default language for one it does not know', () => {
    expect(languageOf('fr')).toBe('zh-tw');
    expect(languageOf('zh-cn')).toBe('zh-cn');
  });
});
