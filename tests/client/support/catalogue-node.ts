import type { NodeCatalogueEntry } from '../../../src/shared/index.js';

let nextId = 1;

/** A usable node of the catalogue in China (ISP 1, map type 1), with what the test says overridden; ids count up unless given. */
export function catalogueNode(overrides: Partial<NodeCatalogueEntry>): NodeCatalogueEntry {
  return {
    id: nextId++,
    name: 'Node',
    city: 'City',
    province: null,
    region: null,
    country: 'CN',
    isp: 1,
    mapType: 1,
    status: 'usable',
    ...overrides,
  };
}
