import { MONITOR_TYPES } from '../../../shared/codes.js';
import { FREQUENCIES_MINUTES, type Language } from '../../../shared/constants.js';
import { importCellOfList, importColumnHeaderKey, importEnabledTextKeys, type ImportColumnKey, type ImportSheet } from '../../../shared/import/template.js';
import { LOCAL_NODE_NAME } from '../../../shared/node-catalogue-names.js';
import { DNS_RECORD_TYPES } from '../../../shared/probe/options.js';
import { WELL_KNOWN_DNS_SERVERS } from '../../../shared/probe/well-known-dns.js';
import type { WrittenCell } from './sheet-writer.js';
import { importText } from './texts.js';

const EXAMPLE_DOMAIN = 'example.com';

/** What the example row of each type fills beside the shared columns. */
const EXAMPLE_CELLS: Readonly<Record<number, Partial<Record<ImportColumnKey, WrittenCell>>>> = {
  [MONITOR_TYPES.ICMP]: {},
  [MONITOR_TYPES.TCP]: { port: 443 },
  [MONITOR_TYPES.HTTP]: { port: 80, otherPath: '/' },
  [MONITOR_TYPES.HTTPS]: { port: 443, otherPath: '/' },
  [MONITOR_TYPES.DNS]: { recordType: 'A', dnsServers: importCellOfList(['Google', '1.1.1.1']) },
};

/**
 * One row per tab that imports as it is on a fresh install: example.com watched by the node
 * `npm start` runs beside the server (Local), which every install has.
 */
export function exampleRowOf(spec: ImportSheet, language: Language): WrittenCell[] {
  const cells: Partial<Record<ImportColumnKey, WrittenCell>> = {
    name: importText(language, 'import:template.exampleName', { type: spec.name }),
    domain: EXAMPLE_DOMAIN,
    frequencyMinutes: 5,
    nodes: LOCAL_NODE_NAME,
    enabled: importText(language, importEnabledTextKeys.yes),
    ...EXAMPLE_CELLS[spec.type],
  };
  return spec.columns.map((key) => cells[key] ?? '');
}

const column = (language: Language, key: ImportColumnKey) => importText(language, importColumnHeaderKey(key));

/** The Help tab: what each column takes (the template's lists to choose from). */
export function helpRows(language: Language): WrittenCell[][] {
  const t = (key: string, params: Record<string, string> = {}) => importText(language, `import:template.help.${key}`, params);
  const yes = importText(language, importEnabledTextKeys.yes);
  const no = importText(language, importEnabledTextKeys.no);
  return [
    [t('column'), t('values')],
    [column(language, 'frequencyMinutes'), FREQUENCIES_MINUTES.join(', ')],
    [column(language, 'enabled'), t('enabled', { yes, no })],
    [column(language, 'nodes'), t('nodes', { example: LOCAL_NODE_NAME })],
    [column(language, 'dnsServers'), t('dnsServers', { providers: WELL_KNOWN_DNS_SERVERS.map((server) => server.provider).join(', ') })],
    [column(language, 'recordType'), DNS_RECORD_TYPES.join(', ')],
    [column(language, 'port'), t('port')],
    [column(language, 'matchedIpGroup'), t('matchedIpGroup')],
    [t('listsTitle'), t('lists')],
    [t('tabsTitle'), t('tabs')],
  ];
}
