import { describe, expect, it } from 'vitest';
import { agentlessCount, chosenAgentless, keptWith, neverHadAgent, pickerNodes } from '../../../src/client/features/task-form/agentless-nodes.js';
import type { NodeStatus } from '../../../src/shared/index.js';

const node = (id: number, status: NodeStatus) => ({ id, status });
// A fresh start: the Local node has an agent, the catalogue's nodes have never had one.
const NODES = [node(1, 'usable'), node(2, 'none'), node(3, 'none'), node(4, 'warning'), node(5, 'unusable')];
const ids = (nodes: readonly { id: number }[]) => nodes.map((entry) => entry.id);

describe('nodes that have never had an agent', () => {
  it('are those with status none; a node whose agent went silent still had one', () => {
    expect(NODES.filter(neverHadAgent).map((entry) => entry.id)).toEqual([2, 3]);
    expect(agentlessCount(NODES)).toBe(2);
  });

  it('are left out of the picker by default, and all listed with the switch on', () => {
    expect(ids(pickerNodes(NODES, false, new Set()))).toEqual([1, 4, 5]);
    expect(ids(pickerNodes(NODES, true, new Set()))).toEqual([1, 2, 3, 4, 5]);
  });

  it('stay listed when the task has them or the user chose them, so they can be taken off', () => {
    const kept = keptWith(new Set([3]), [2, 1]);
    expect([...kept].sort()).toEqual([1, 2, 3]);
    expect(ids(pickerNodes(NODES, false, kept))).toEqual([1, 2, 3, 4, 5]);
    expect(ids(pickerNodes(NODES, false, new Set([3])))).toEqual([1, 3, 4, 5]);
  });

  it('are counted when chosen, so the form can say what that means', () => {
    expect(chosenAgentless(NODES, [1, 3, 4])).toEqual([3]);
    expect(chosenAgentless(NODES, [1, 4])).toEqual([]);
  });
});
