import i18next from 'i18next';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { mapData } from '../../../src/client/charts/map-chart-config.js';
import { FLAGGED_NODE_RING } from '../../../src/client/charts/status-colours.js';
import { StatusMapTable } from '../../../src/client/charts/status-map-table.js';
import { MapSection } from '../../../src/client/features/detail/components/map-section.js';
import { mapPropsOf } from '../../../src/client/features/detail/map-data.js';
import { i18nOptions } from '../../../src/client/lib/i18n.js';
import { MAP_TYPES, type DetailBreakdownAnswer, type IpFinding, type Language, type NodeBreakdown } from '../../../src/shared/index.js';
import { BEIJING, HONG_KONG, LHASA, figures, nodeOf, sampleBreakdown } from './fixtures.js';

function render(element: ReactElement, language: Language = 'en'): string {
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions(language), showSupportNotice: false });
  return renderToString(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ');
const nameOf = (node: NodeBreakdown) => node.name;
const FORGED = '203.0.113.66';

function withFinding(finding: IpFinding | null, extraNodes: NodeBreakdown[] = []): DetailBreakdownAnswer {
  const breakdown = sampleBreakdown();
  return { ...breakdown, nodes: [...breakdown.nodes, ...extraNodes], ipFinding: finding };
}

const hijack: IpFinding = {
  verdict: 'possible_hijack',
  matchedIps: ['198.51.100.10'],
  where: { kind: 'scattered' },
  mismatched: [
    { nodeId: BEIJING.nodeId, ips: [FORGED], unexpected: [FORGED] },
    { nodeId: LHASA.nodeId, ips: [FORGED, '198.51.100.10'], unexpected: [FORGED] },
  ],
};

const section = (breakdown: DetailBreakdownAnswer, language: Language = 'en') =>
  text(render(<MapSection breakdown={breakdown} isError={false} onRetry={() => undefined} nameOf={nameOf} />, language));

describe('detail map: nodes resolving outside the matched IPs', () => {
  it('calls some provinces and carriers resolving elsewhere a possible hijack, naming nodes, places and addresses', () => {
    const shown = section(withFinding(hijack));
    expect(shown).toContain('Possible DNS hijack: 2 nodes in Beijing and Tibet (Telecom and Mobile) resolve outside the matched IPs');
    expect(shown).toContain('Matched IPs: 198.51.100.10');
    expect(shown).toContain(`Beijing Telecom (Telecom, Beijing): ${FORGED}`);
    expect(shown).toContain(`Lhasa Mobile (Mobile, Tibet): ${FORGED}, 198.51.100.10`);
    expect(shown).toContain('Resolves outside the matched IPs');
    expect(section(withFinding(hijack), 'zh-cn')).toContain('疑似 DNS 劫持：北京和西藏（电信和移动）的 2 个节点解析到匹配 IP 以外的地址');
    expect(section(withFinding(hijack), 'zh-tw')).toContain('解析到比對 IP 以外的位址');
  });

  it("says the site's addresses may have changed when every node resolves elsewhere", () => {
    const shown = section(withFinding({ ...hijack, verdict: 'site', where: { kind: 'site' } }));
    expect(shown).toContain("Every node resolves outside the matched IPs: the site's addresses may have changed");
    expect(shown).not.toContain('Possible DNS hijack');
  });

  it('shows no banner or legend entry when every answer matched or the task has no matched set', () => {
    for (const finding of [null, { ...hijack, verdict: 'none' as const, where: { kind: 'none' as const }, mismatched: [] }]) {
      const shown = section(withFinding(finding));
      expect(shown).not.toContain('matched IPs');
      expect(shown).toContain('Show as table');
    }
  });

  it('caps long lists of nodes and addresses', () => {
    const extra = Array.from({ length: 6 }, (_, index) =>
      nodeOf({ ...BEIJING, nodeId: 100 + index, name: `Node ${String(index)}` }, figures(1, 1, 10)),
    );
    const ips = Array.from({ length: 6 }, (_, index) => `203.0.113.${String(index + 1)}`);
    const finding: IpFinding = { ...hijack, mismatched: [...hijack.mismatched, ...extra.map((node) => ({ nodeId: node.nodeId, ips, unexpected: ips }))] };
    const shown = section(withFinding(finding, extra));
    expect(shown).toContain('8 nodes in Beijing and Tibet');
    expect(shown).toContain('Node 2 (Telecom, Beijing): 203.0.113.1, 203.0.113.2, 203.0.113.3, 203.0.113.4 (+2 more)');
    expect(shown).not.toContain('Node 3 ');
    expect(shown).toContain('… and 3 more nodes');
  });

  it('flags those nodes on the map with a ring of their own, and says so in the table', () => {
    const props = mapPropsOf(withFinding(hijack), MAP_TYPES.CHINA, nameOf);
    // Drawn last, on top of any unflagged neighbour.
    expect(props.nodes.map((node) => [node.id, node.flagged === true])).toEqual([[HONG_KONG.nodeId, false], [BEIJING.nodeId, true], [LHASA.nodeId, true]]);
    const layer = mapData({ mapType: MAP_TYPES.CHINA, features: [], regions: new Map(), nodes: props.nodes, texts: {} as never }).datasets[1];
    expect(layer?.borderColor).toEqual(['#ffffff', FLAGGED_NODE_RING, FLAGGED_NODE_RING]);
    const rows = text(render(<StatusMapTable id="t" mapType={MAP_TYPES.CHINA} regions={props.regions} nodes={props.nodes} flagLabel="Resolves outside the matched IPs" />));
    expect(rows).toContain('Lhasa Mobile Error Resolves outside the matched IPs 50%');
    expect(rows).not.toMatch(/Hong Kong No data Resolves/);
  });
});
