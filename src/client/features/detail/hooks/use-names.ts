import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_TYPES, type NodeBreakdown } from '../../../../shared/index.js';
import { regionDisplayName } from '../../../charts/index.js';
import type { BreakdownNamer } from '../breakdown-rows.js';
import { nodeDetailLine, nodeDisplayName, provinceName, type NamedNode } from '../../../lib/node-names.js';

export interface DetailNames extends BreakdownNamer {
  /** Any node with a name, city and ISP (a breakdown row, a latest check). */
  anyNode: (node: NamedNode) => string;
}

/** Node, ISP, province and country names in the user's language, stable while the language is. */
export function useDetailNames(): DetailNames {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    const exists = (key: string) => i18n.exists(key);
    const translator = { t, exists, locale };
    const province = (key: string) => regionDisplayName(key, MAP_TYPES.CHINA, translator, provinceName(key, t, exists));
    const isp = (code: number) => t(`places:codes.isp.${code}`, { defaultValue: String(code) });
    const nodeDetail = (node: NodeBreakdown) => nodeDetailLine(node, nodeDisplayName(node, t, exists), t, exists);
    return {
      anyNode: (node) => nodeDisplayName(node, t, exists),
      node: (node) => nodeDisplayName(node, t, exists),
      nodeDetail,
      isp,
      province,
      country: (code) => regionDisplayName(code, MAP_TYPES.WORLD, translator),
    };
  }, [t, i18n, locale]);
}
