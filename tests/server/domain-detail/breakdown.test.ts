import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DetailBreakdownAnswer } from '../../../src/shared/calls/domain-detail-answers.js';
import { ISP_CODES, MAP_TYPES, MONITOR_TYPES, SERVICE_STATUS } from '../../../src/shared/codes.js';
import { updateTask } from '../../../src/server/modules/tasks/service.js';
import { MINUTE, detailFixture, httpSeries, type DetailFixture, type NodeName } from './detail-helpers.js';

const { NONE, NORMAL, WARNING, ERROR } = SERVICE_STATUS;

/*
 * In the last hour: Beijing Telecom 19 of 20 checks ok (95 %, normal at the edge), Beijing Unicom
 * 15 of 20 (75 %, warning at the edge), Guangzhou Telecom 14 of 20 (70 %, error), Singapore 10 of
 * 10, Tokyo 0 of 10, Taipei none. Tokyo is then taken off the task: its results still show.
 */
describe('task detail: breakdown per node, ISP, province and country, and the maps', () => {
  let f: DetailFixture;
  let taskId: number;
  let breakdown: DetailBreakdownAnswer;
  const nodeOf = (name: NodeName) => breakdown.nodes.find((node) => node.nodeId === f.node[name]);

  beforeAll(async () => {
    f = await detailFixture();
    const nodes: NodeName[] = ['beijingTelecom', 'beijingUnicom', 'guangzhouTelecom', 'singapore', 'tokyo', 'taipei'];
    taskId = await f.task({ type: MONITOR_TYPES.HTTP, name: 'Shop', domain: 'shop.example.com', frequencyMinutes: 1, nodes });
    await f.ingest('beijingTelecom', taskId, httpSeries(f.now, 20, (i) => i !== 0, () => 100));
    await f.ingest('beijingUnicom', taskId, httpSeries(f.now, 20, (i) => i % 4 !== 0, () => 200));
    await f.ingest('guangzhouTelecom', taskId, httpSeries(f.now, 20, (i) => i < 14, () => 300));
    await f.ingest('singapore', taskId, httpSeries(f.now, 10, () => true, () => 50));
    await f.ingest('tokyo', taskId, httpSeries(f.now, 10, () => false, () => 0));
    await f.server.db.updateTable('deployments').set({ state: 'completed' }).execute();
    await updateTask(f.ctx, f.server.custId, taskId, { nodeIds: nodes.filter((name) => name !== 'tokyo').map((name) => f.node[name]) });
    const answer = await f.call('/domain/detail/breakdown', { id: taskId, range: { hours: 1 } });
    expect(answer.code).toBe(200);
    breakdown = DetailBreakdownAnswer.parse(answer.data);
  }, 60_000);
  afterAll(async () => {
    await f.close();
  });

  it('answers each node with where it is, its figures, its band at the 95 % and 75 % edges and its last state', () => {
    expect(breakdown.nodes.map((node) => node.nodeId)).toEqual(Object.values(f.node).sort((a, b) => a - b));
    expect(nodeOf('beijingTelecom')).toMatchObject({
      name: 'Beijing Telecom',
      city: 'Beijing',
      province: 'Beijing',
      country: 'CN',
      isp: ISP_CODES.TELECOM,
      mapType: MAP_TYPES.CHINA,
      count: 20,
      successes: 19,
      availabilityPercent: 95,
      avgResponseMs: 100,
      serviceStatus: NORMAL,
      lastState: { at: new Date(f.now - MINUTE).toISOString(), ok: true, latencyMs: 100, failureCode: null },
    });
    expect(nodeOf('beijingTelecom')?.latitude).toBeCloseTo(39.9042, 3);
    expect(nodeOf('beijingUnicom')).toMatchObject({ availabilityPercent: 75, serviceStatus: WARNING, isp: ISP_CODES.UNICOM });
    expect(nodeOf('guangzhouTelecom')).toMatchObject({ availabilityPercent: 70, serviceStatus: ERROR, province: 'Guangdong' });
    expect(nodeOf('singapore')).toMatchObject({ availabilityPercent: 100, serviceStatus: NORMAL, country: 'SG', province: null, mapType: MAP_TYPES.SOUTHEAST_ASIA });
    // No longer selected, but it has results in the range.
    expect(nodeOf('tokyo')).toMatchObject({ count: 10, availabilityPercent: 0, avgResponseMs: null, serviceStatus: ERROR, lastState: { ok: false, failureCode: 'http_status' } });
    expect(nodeOf('taipei')).toMatchObject({ count: 0, availabilityPercent: null, serviceStatus: NONE, lastState: null, country: 'TW', mapType: MAP_TYPES.WORLD });
  });

  it('adds up the checks of each ISP, China province and country (not an average of node percentages)', () => {
    const figures = (group: { count: number; successes: number; serviceStatus: number; nodeCount: number }) => [group.count, group.successes, group.serviceStatus, group.nodeCount];
    expect(breakdown.isps.map((group) => [group.isp, ...figures(group)])).toEqual([
      [ISP_CODES.TELECOM, 40, 33, WARNING, 2],
      [ISP_CODES.UNICOM, 20, 15, WARNING, 1],
      [ISP_CODES.WORLD, 10, 0, ERROR, 2],
      [ISP_CODES.SOUTHEAST_ASIA, 10, 10, NORMAL, 1],
    ]);
    expect(breakdown.isps[0]?.avgResponseMs).toBeCloseTo((19 * 100 + 14 * 300) / 33, 6);
    expect(breakdown.provinces.map((group) => [group.province, ...figures(group)])).toEqual([
      ['Beijing', 40, 34, WARNING, 2],
      ['Guangdong', 20, 14, ERROR, 1],
    ]);
    expect(breakdown.countries.map((group) => [group.country, ...figures(group)])).toEqual([
      ['CN', 60, 48, WARNING, 3],
      ['JP', 10, 0, ERROR, 1],
      ['SG', 10, 10, NORMAL, 1],
      ['TW', 0, 0, NONE, 1],
    ]);
    expect(breakdown.countries[0]?.availabilityPercent).toBe(80);
  });

  it('answers the China map by province, Southeast Asia by its countries and the world by every country, with a point per node', () => {
    const [china, southeastAsia, world] = breakdown.maps;
    expect(china?.mapType).toBe(MAP_TYPES.CHINA);
    expect(china?.regions).toEqual([
      { key: 'Beijing', availabilityPercent: 85, serviceStatus: WARNING, nodeCount: 2 },
      { key: 'Guangdong', availabilityPercent: 70, serviceStatus: ERROR, nodeCount: 1 },
    ]);
    expect(china?.points.map((point) => [point.nodeId, point.serviceStatus])).toEqual([
      [f.node.beijingTelecom, NORMAL],
      [f.node.beijingUnicom, WARNING],
      [f.node.guangzhouTelecom, ERROR],
    ]);
    expect(southeastAsia).toMatchObject({ mapType: MAP_TYPES.SOUTHEAST_ASIA, regions: [{ key: 'SG', serviceStatus: NORMAL, nodeCount: 1 }] });
    expect(southeastAsia?.points).toEqual([{ nodeId: f.node.singapore, city: 'Singapore', latitude: expect.any(Number), longitude: expect.any(Number), serviceStatus: NORMAL }]);
    expect(world?.mapType).toBe(MAP_TYPES.WORLD);
    expect(world?.regions.map((region) => [region.key, region.serviceStatus])).toEqual([
      ['CN', WARNING],
      ['JP', ERROR],
      ['SG', NORMAL],
      ['TW', NONE],
    ]);
    expect(world?.points).toHaveLength(6);
  });

  it('shows every selected node with no data for a range without results', async () => {
    const answer = await f.call('/domain/detail/breakdown', { id: taskId, range: { from: f.now - 5 * 86_400_000, to: f.now - 4 * 86_400_000 } });
    const empty = DetailBreakdownAnswer.parse(answer.data);
    expect(empty.nodes.map((node) => node.serviceStatus)).toEqual([NONE, NONE, NONE, NONE, NONE]);
    expect(empty.nodes.some((node) => node.nodeId === f.node.tokyo)).toBe(false);
    expect(empty.maps[0]?.regions.every((region) => region.serviceStatus === NONE)).toBe(true);
  });
});
