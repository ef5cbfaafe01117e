import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { nodeCatalogueQuery } from '../../../src/client/features/task-form/api.js';
import { NodePicker } from '../../../src/client/features/task-form/components/node-picker.js';
import { newTaskValues } from '../../../src/client/features/task-form/form-values.js';
import type { Language, NodeCatalogueAnswer, NodeStatus } from '../../../src/shared/index.js';
import { nodeCheckbox as checkbox, renderWithAnswers } from '../support/render-answers.js';

const node = (id: number, name: string, status: NodeStatus, mapType: 1 | 3 = 1) => ({
  id,
  name,
  city: name,
  province: null,
  region: null,
  country: mapType === 1 ? 'CN' : 'US',
  isp: mapType === 1 ? 1 : 7,
  mapType,
  status,
});

// As after a fresh start: one node with an agent, the others never had one.
const CATALOGUE = {
  list: [node(1, 'Withagent', 'usable'), node(2, 'Agentless', 'none'), node(3, 'Faraway', 'none', 3)],
} as NodeCatalogueAnswer;

const render = (element: ReactElement, language: Language) => renderWithAnswers(element, [[nodeCatalogueQuery().queryKey, CATALOGUE]], language);

const picker = (nodeIds: number[], language: Language = 'en') =>
  render(<NodePicker type={3} values={{ ...newTaskValues(3, 80), nodeIds }} errors={{}} setField={() => {}} setFieldError={() => {}} disabled={false} />, language);

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ');

describe('the node picker and nodes without an agent', () => {
  it('lists only nodes with an agent at first, behind an unchecked switch that says how many are hidden', () => {
    const html = picker([]);
    expect(checkbox(html, 1)).not.toBe('');
    expect(checkbox(html, 2)).toBe('');
    expect(checkbox(html, 3)).toBe('');
    expect(html).toMatch(/<input[^>]*role="switch"(?![^>]*checked)[^>]*>/);
    expect(text(html)).toContain('Show nodes without an agent (2)');
    expect(text(html)).toContain('Select all shown (1)');
    // The world group has only agentless nodes: it says why it is empty instead of "nothing matches".
    expect(text(html)).toContain('No node with an agent here. Nodes without an agent: 1, hidden');
  });

  it("keeps a task's agentless node in sight, marked, removable, and says what choosing it means", () => {
    const html = picker([1, 2]);
    expect(checkbox(html, 2)).toContain('checked');
    expect(checkbox(html, 2)).not.toContain('disabled');
    expect(text(html)).toContain('No agent yet: this node reports no data');
    expect(text(html)).toContain('Chosen nodes without an agent: 1.');
    expect(text(html)).toContain('They cost points like any other node.');
    expect(checkbox(html, 3)).toBe('');
  });

  it('speaks Chinese too', () => {
    expect(text(picker([2], 'zh-tw'))).toContain('顯示沒有代理程式的節點（2）');
    expect(text(picker([2], 'zh-tw'))).toContain('尚無代理程式：此節點不會回報資料');
    expect(text(picker([2], 'zh-cn'))).toContain('已选但没有代理程序的节点：1 个');
  });
});
