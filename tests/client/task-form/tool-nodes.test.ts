import { describe, expect, it } from 'vitest';
import { blockedSelection, noBlock, selectableIds, toolBlockOf, traceBlockOf } from '../../../src/client/features/task-form/tool-nodes.js';

const nodes = [
  { id: 1, traceroute: true },
  { id: 2, traceroute: false },
  { id: 3, traceroute: null },
  { id: 4, traceroute: true },
];

describe('nodes a traceroute task can be given', () => {
  it('are those whose agent has traceroute; the others say why not', () => {
    expect(nodes.map(traceBlockOf)).toEqual([null, 'noTraceroute', 'noAgent', null]);
  });

  it('select-all adds only capable nodes, but keeps a chosen incapable one in its reach so it can be taken off', () => {
    expect(selectableIds(nodes, traceBlockOf)).toEqual([1, 4]);
    expect(selectableIds(nodes, traceBlockOf, [2])).toEqual([1, 2, 4]);
  });

  it('points out chosen nodes that cannot run traceroute', () => {
    expect(blockedSelection(nodes, traceBlockOf, [1, 2, 3])).toEqual([2, 3]);
    expect(blockedSelection(nodes, traceBlockOf, [4])).toEqual([]);
  });

  it('other types may use every node', () => {
    expect(selectableIds(nodes, noBlock)).toEqual([1, 2, 3, 4]);
    expect(blockedSelection(nodes, noBlock, [2, 3])).toEqual([]);
  });
});

describe('nodes an MTR run can be given', () => {
  const mtrBlockOf = toolBlockOf('mtr');
  const withMtr = [
    { id: 1, traceroute: true, mtr: true },
    { id: 2, traceroute: true, mtr: false },
    { id: 3, traceroute: null, mtr: null },
  ];

  it('are those whose agent has mtr, whatever it says of traceroute', () => {
    expect(withMtr.map(mtrBlockOf)).toEqual([null, 'noMtr', 'noAgent']);
    expect(selectableIds(withMtr, mtrBlockOf)).toEqual([1]);
  });

  it('a chosen node that lost mtr stays removable and is pointed out', () => {
    expect(selectableIds(withMtr, mtrBlockOf, [2])).toEqual([1, 2]);
    expect(blockedSelection(withMtr, mtrBlockOf, [1, 2])).toEqual([2]);
  });
});
