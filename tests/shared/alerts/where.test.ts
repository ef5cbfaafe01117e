import { describe, expect, it } from 'vitest';
import { classifyBreach, describeWhere } from '../../../src/shared/alerts/index.js';
import { ISP_CODES } from '../../../src/shared/codes.js';
import { ALL, idOf, inProvinces, named, ofIsp, round } from './nodes.js';

const { TELECOM, UNICOM, MOBILE } = ISP_CODES;

describe('what a message needs to say where (describeWhere)', () => {
  it('names a carrier failure: its nodes, provinces, and the ISPs that succeed there', () => {
    const outcomes = round(ALL, ofIsp(TELECOM, 'Guangdong', 'Sichuan'), named('Chengdu Unicom'));
    const where = describeWhere(classifyBreach(outcomes), outcomes);
    expect(where.verdict).toEqual({ kind: 'carrier', isp: TELECOM, provinces: ['Guangdong', 'Sichuan'] });
    expect(where.breaching.map((node) => node.name)).toEqual(['Guangzhou Telecom', 'Shenzhen Telecom', 'Chengdu Telecom']);
    expect(where.isps).toEqual([TELECOM]);
    expect(where.provinces).toEqual(['Guangdong', 'Sichuan']);
    expect(where.regions).toEqual(['SC', 'SW']);
    expect(where.countries).toEqual(['CN']);
    expect(where.succeedingIsps).toEqual([UNICOM, MOBILE]);
    expect(where.counts).toEqual({ breaching: 3, ok: ALL.length - 4, noData: 1 });
  });

  it('names a province failure with all its ISPs and no carrier evidence', () => {
    const outcomes = round(ALL, inProvinces('Beijing'));
    const where = describeWhere(classifyBreach(outcomes), outcomes);
    expect(where.verdict).toEqual({ kind: 'region', scope: 'province', value: 'Beijing' });
    expect(where.isps).toEqual([TELECOM, UNICOM, MOBILE]);
    expect(where.provinces).toEqual(['Beijing']);
    expect(where.succeedingIsps).toEqual([]);
  });

  it('names nodes abroad by country, Southeast Asia nodes also by region', () => {
    const outcomes = round(ALL, named('Singapore', 'Tokyo', 'Bangkok'));
    const where = describeWhere(classifyBreach(outcomes), outcomes);
    expect(where.verdict).toEqual({ kind: 'scattered' });
    expect(where.provinces).toEqual([]);
    expect(where.regions).toEqual(['SEA']);
    expect(where.countries).toEqual(['JP', 'SG', 'TH']);
    expect(where.isps).toEqual([ISP_CODES.WORLD, ISP_CODES.SOUTHEAST_ASIA]);
  });

  it('gives one node and nothing else for a node verdict', () => {
    const outcomes = round(ALL, named('Taipei'));
    const where = describeWhere(classifyBreach(outcomes), outcomes);
    expect(where.verdict).toEqual({ kind: 'node', nodeId: idOf('Taipei') });
    expect(where.breaching).toEqual([{ nodeId: idOf('Taipei'), name: 'Taipei', isp: ISP_CODES.WORLD, province: null, region: null, country: 'TW' }]);
  });
});
