import { describe, expect, it } from 'vitest';
import {
  alertEntryPath,
  deployFailureKeys,
  deployFailuresOf,
  elapsedParts,
  failedImportRowsOf,
  percentOf,
  progressFreshness,
  targetLinkOf,
} from '../../../src/client/features/inbox/screen/item-facts.js';
import type { InboxItem } from '../../../src/shared/index.js';

const FAILED = { protocol: 'HTTP', row: 4, domain: 'bad', port: '80', errcode: 1001, errmessage: 'Domain is not valid' };

describe('inbox item facts', () => {
  it('says an elapsed time by its non-zero parts, largest first, and "0 ms" for none', () => {
    expect(elapsedParts({ day: 1, hour: 0, minute: 2, second: 0, ms: 30 })).toEqual([
      { unit: 'day', count: 1 },
      { unit: 'minute', count: 2 },
      { unit: 'ms', count: 30 },
    ]);
    expect(elapsedParts({ day: 0, hour: 0, minute: 0, second: 0, ms: 0 })).toEqual([{ unit: 'ms', count: 0 }]);
  });

  it("reads an import's failed rows and a deployment's error nodes, passing over anything else", () => {
    const importData = { faildata: [FAILED, { protocol: 'TCP' }] };
    expect(failedImportRowsOf(importData)).toEqual([FAILED]);
    const deployData = { faildata: [{ taskId: 3, nodeId: 9, errorCode: 2131, message: 'ack_timeout' }, FAILED] };
    expect(deployFailuresOf(deployData)).toEqual([{ taskId: 3, nodeId: 9, errorCode: 2131, message: 'ack_timeout' }]);
    expect(failedImportRowsOf({})).toEqual([]);
  });

  it("names a failed node's texts: the catalogue error and the reason word", () => {
    expect(deployFailureKeys({ taskId: 1, nodeId: 2, errorCode: 2131, message: 'ack_timeout' })).toEqual({
      errorKey: 'errors:2131',
      reasonKey: 'monitor:deploy.reason.ack_timeout',
      detail: 'ack_timeout',
    });
    expect(deployFailureKeys({ taskId: 1, nodeId: 2, errorCode: null, message: '' })).toEqual({ errorKey: null, reasonKey: null, detail: null });
  });

  it('shows a processing import as live only when fetched this visit with the server reachable', () => {
    const processing = { type: 'import', status: 1 } as const;
    expect(progressFreshness(processing, true, true)).toBe('live');
    expect(progressFreshness(processing, false, true)).toBe('kept');
    expect(progressFreshness(processing, true, false)).toBe('kept');
    expect(progressFreshness({ type: 'import', status: 2 }, true, true)).toBe('none');
    expect(progressFreshness({ type: 'deploy', status: 1 }, true, true)).toBe('none');
  });

  it('takes the percent from the data, else processed / total, within 0-100', () => {
    expect(percentOf({ percent: 42.5, processed: 1, total: 10 })).toBe(42.5);
    expect(percentOf({ processed: 1, total: 3 })).toBe(33.3);
    expect(percentOf({ percent: 130 })).toBe(100);
    expect(percentOf({})).toBe(0);
  });

  it("links an alert to its task's log on the item's local day", () => {
    const created = new Date(2026, 10, 26, 23, 30);
    expect(alertEntryPath({ titleParams: { taskId: 5 }, createdAt: created.toISOString() })).toBe('/alert/log?taskId=5&from=2026-11-26&to=2026-11-26');
    expect(alertEntryPath({ titleParams: {}, createdAt: 'nonsense' })).toBe('/alert/log');
  });

  it('links each item to what it is about, in words saying where', () => {
    const item = (type: string, titleParams: InboxItem['titleParams'], data: InboxItem['data'] = {}) => ({ sno: '12', type, titleParams, data, createdAt: '2026-01-02T03:04:05.000Z' });
    expect(targetLinkOf(item('deploy', { taskId: 4, taskType: 3 }))).toEqual({ path: '/monitor/3/detail/4', labelKey: 'inboxscreen:deploy.openTask' });
    expect(targetLinkOf(item('deploy', { taskId: 4, taskType: 3, name: 'Shop' }, { fail: 1 }))).toEqual({
      path: '/monitor/3?q=Shop&deploy=4',
      labelKey: 'inboxscreen:deploy.openDeployResult',
    });
    expect(targetLinkOf(item('deploy', { count: 5 }))).toEqual({ path: '/monitor', labelKey: 'inboxscreen:deploy.openTaskLists' });
    expect(targetLinkOf(item('import', {}))).toEqual({ path: '/monitor/import?sno=12', labelKey: 'inboxscreen:import.openImport' });
    expect(targetLinkOf(item('alert', { taskId: 4 }))?.labelKey).toBe('inboxscreen:alert.openLog');
    expect(targetLinkOf(item('news', {}))).toBeNull();
  });
});
