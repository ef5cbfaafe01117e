import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { ingestBatch } from '../../src/server/results/index.js';
import { schedulePruning } from '../../src/server/prune-schedule.js';
import { createTask } from '../../src/server/modules/tasks/service.js';
import { createTestStore, httpTaskInput, STORE_START, tcpResult } from './tasks-helpers.js';

const DAY = 86_400_000;

interface LogLine {
  level: 'info' | 'error';
  fields: unknown;
}

function recordingLog(lines: LogLine[]) {
  const log = {
    info: (fields: unknown) => lines.push({ level: 'info', fields }),
    error: (fields: unknown) => lines.push({ level: 'error', fields }),
  };
  return log as unknown as Parameters<typeof schedulePruning>[2];
}

describe('deployment and retention settings', () => {
  it('have the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      deployDeadlineSeconds: 120,
      resultRetentionDays: 7,
      minuteRollupRetentionDays: 2,
      hourRollupRetentionDays: 400,
    });
    expect(loadConfig({ VIGIL_DEPLOY_DEADLINE_SECONDS: '30', VIGIL_RESULT_RETENTION_DAYS: '30' })).toMatchObject({
      deployDeadlineSeconds: 30,
      resultRetentionDays: 30,
    });
  });

  it('fail fast with the variable name on invalid values', () => {
    const cases: Record<string, string> = {
      VIGIL_DEPLOY_DEADLINE_SECONDS: '0',
      VIGIL_RESULT_RETENTION_DAYS: 'week',
      VIGIL_MINUTE_ROLLUP_RETENTION_DAYS: '-1',
      VIGIL_HOUR_ROLLUP_RETENTION_DAYS: '1.5',
    };
    for (const [key, value] of Object.entries(cases)) {
      expect(() => loadConfig({ [key]: value }), key).toThrow(ConfigError);
      expect(() => loadConfig({ [key]: value }), key).toThrow(key);
    }
  });
});

describe('schedulePruning', () => {
  it('prunes past the configured retention at once, and stops cleanly', async () => {
    const store = await createTestStore();
    try {
      const task = await createTask(store.ctx, store.custId, httpTaskInput({ type: 2, port: 443, nodeIds: [1] }));
      const ages = [0, 2, 5, 20];
      for (const days of ages) {
        // Each result arrives when it was fresh: the store refuses results older than its retention.
        store.setTime(STORE_START - days * DAY);
        const item = { taskId: task.id, result: tcpResult(STORE_START - days * DAY, true, 5) };
        expect((await ingestBatch(store.ctx, 1, `old-${days}`, [item])).accepted).toBe(1);
      }
      const lines: LogLine[] = [];
      const retention = { resultRetentionDays: 3, traceRetentionDays: 30, minuteRollupRetentionDays: 1, hourRollupRetentionDays: 10 };
      const schedule = schedulePruning(store.db, retention, recordingLog(lines), () => STORE_START + 1000);
      await schedule.stop();
      const left = async (table: 'results' | 'rollup_minute' | 'rollup_hour') => (await store.db.selectFrom(table).select('task_id').execute()).length;
      expect([await left('results'), await left('rollup_minute'), await left('rollup_hour')]).toEqual([2, 1, 3]);
      expect(lines).toEqual([{ level: 'info', fields: { pruned: { raw: 2, minute: 3, taskMinute: 3, hour: 1, batches: 2, jobs: 0, deployments: 0, alerts: { log: 0, messages: 0, incidents: 0 }, imports: { jobs: 0, rows: 0 }, mtrRuns: 0 } } }]);
    } finally {
      await store.close();
    }
  });
});
