import { describe, expect, it } from 'vitest';
import { NodePicker } from '../../../src/client/features/task-form/components/node-picker.js';
import { newTaskValues } from '../../../src/client/features/task-form/form-values.js';
import type { Language } from '../../../src/shared/index.js';
import { nodeCheckbox as checkbox, renderWithTraceResource, traceResource } from '../support/render-answers.js';

const picker = (nodeIds: number[], language?: Language) =>
  renderWithTraceResource(
    <NodePicker type={6} values={{ ...newTaskValues(6, null, 10), nodeIds }} errors={{}} setField={() => {}} setFieldError={() => {}} disabled={false} />,
    traceResource('traceroute'),
    language,
  );

describe('the traceroute node picker', () => {
  it('offers only nodes whose agent has traceroute; the others are shown disabled with the reason', () => {
    const html = picker([]);
    expect(checkbox(html, 1)).not.toContain('disabled');
    expect(checkbox(html, 2)).toContain('disabled');
    expect(checkbox(html, 3)).toContain('disabled');
    expect(html).toContain('Its agent has no traceroute');
    expect(html).toContain('No agent has registered for this node yet');
    expect(html).toContain('Select all shown (1)');
  });

  it('keeps a chosen node that lost traceroute removable and points it out', () => {
    const html = picker([1, 2]);
    expect(checkbox(html, 2)).not.toContain('disabled');
    expect(html).toContain('Selected nodes that cannot run traceroute now: 1.');
  });

  it('gives the reasons in Chinese too', () => {
    expect(picker([], 'zh-tw')).toContain('此節點的代理程式沒有 traceroute');
    expect(picker([], 'zh-cn')).toContain('此节点的代理程序没有 traceroute');
  });
});
