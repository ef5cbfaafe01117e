import { describe, expect, it } from 'vitest';
import { deployFailureText } from '../../../src/client/features/monitor/deploy-failure.js';

const TEXTS: Record<string, string> = {
  'errors:2505': '部署失敗',
  'monitor:deploy.state.error': '失敗',
  'monitor:deploy.reason.ack_timeout': '節點未及時確認',
  'monitor:deploy.reason.no_agent': '此節點尚無代理程式註冊',
  'monitor:deploy.reason.invalid_options': '節點無法執行這些設定',
};
const translator = { t: (key: string) => TEXTS[key] ?? key, exists: (key: string) => key in TEXTS };
const failed = { errorCode: 2505, message: 'ack_timeout', agentRegistered: true };

describe('deployFailureText', () => {
  it('reads a failed node as words first, the catalogue code apart for small type', () => {
    expect(deployFailureText(failed, translator)).toEqual({ text: '部署失敗 · 節點未及時確認', code: '2505', detail: null });
    expect(deployFailureText({ ...failed, message: 'invalid_options' }, translator)?.text).toBe('部署失敗 · 節點無法執行這些設定');
  });

  it('says a node no agent has registered for has nothing to acknowledge, rather than that it was late', () => {
    expect(deployFailureText({ ...failed, agentRegistered: false }, translator)?.text).toBe('部署失敗 · 此節點尚無代理程式註冊');
    expect(deployFailureText({ ...failed, message: 'invalid_options', agentRegistered: false }, translator)?.text).toBe('部署失敗 · 節點無法執行這些設定');
  });

  it('keeps an unknown reason or code out of the words and nothing for a node that did not fail', () => {
    expect(deployFailureText({ ...failed, message: 'new_reason' }, translator)).toEqual({ text: '部署失敗', code: '2505', detail: 'new_reason' });
    expect(deployFailureText({ ...failed, errorCode: 2999 }, translator)?.text).toBe('失敗 · 節點未及時確認');
    expect(deployFailureText({ errorCode: null, message: '', agentRegistered: true }, translator)).toBeNull();
  });
});
