import { describe, expect, it } from 'vitest';
import { nodeLabel } from '../../../src/client/features/monitor/node-label.js';

const TEXTS: Record<string, string> = {
  'places:city.Beijing': '北京',
  'places:local': '本機',
  'places:codes.isp.1': '電信',
  'monitor:deploy.unknownNode': '節點 #{{id}}',
};
const t = (key: string, options?: Record<string, unknown>) => (TEXTS[key] ?? key).replace('{{id}}', String(options?.id ?? ''));
const exists = (key: string) => key in TEXTS;

describe('nodeLabel', () => {
  it('names a China node by its city and ISP in the user language', () => {
    expect(nodeLabel({ city: 'Beijing', isp: 1 }, 5, t, exists)).toBe('北京 電信');
  });

  it('names other nodes by city, keeps unknown cities as they are, and the Local node by its word', () => {
    expect(nodeLabel({ city: 'Reykjavik', isp: 8 }, 5, t, exists)).toBe('Reykjavik');
    expect(nodeLabel({ city: 'St. John: East', isp: 9 }, 5, t, exists)).toBe('St. John: East');
    expect(nodeLabel({ city: 'Local', isp: 0 }, 1, t, exists)).toBe('本機');
  });

  it('shows the id of a node no longer in the catalogue', () => {
    expect(nodeLabel(undefined, 42, t, exists)).toBe('節點 #42');
  });
});
