import { describe, expect, it } from 'vitest';
import { MtrForm } from '../../../src/client/features/mtr/components/mtr-form.js';
import { NodeChooser } from '../../../src/client/features/task-form/node-chooser.js';
import type { Language } from '../../../src/shared/index.js';
import { nodeCheckbox as checkbox, renderWithTraceResource, traceResource } from '../support/render-answers.js';

/** The MTR form as /detect_mtr composes it: with the task form's picker. */
const form = (language: Language = 'en') =>
  renderWithTraceResource(<MtrForm readOnly={false} NodeChooser={NodeChooser} onStarted={() => {}} />, traceResource('mtr'), language);

describe('the MTR node picker', () => {
  it('offers only nodes whose agent has mtr; the others are shown disabled with the reason', () => {
    const html = form();
    expect(checkbox(html, 1)).not.toContain('disabled');
    expect(checkbox(html, 2)).toContain('disabled');
    expect(checkbox(html, 3)).toContain('disabled');
    expect(html).toContain('Its agent has no mtr');
    expect(html).toContain('No agent has registered for this node yet');
    expect(html).toContain('Select all shown (1)');
  });

  it('gives the reason in Chinese too', () => {
    expect(form('zh-tw')).toContain('此節點的代理程式沒有 mtr');
    expect(form('zh-cn')).toContain('此节点的代理程序没有 mtr');
  });
});
