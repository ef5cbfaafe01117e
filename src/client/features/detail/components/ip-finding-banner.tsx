import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DetailBreakdownAnswer, NodeBreakdown } from '../../../../shared/index.js';
import { ipFindingText } from '../ip-finding-text.js';

interface IpFindingBannerProps {
  breakdown: Pick<DetailBreakdownAnswer, 'ipFinding' | 'nodes'>;
  nodeName: (node: NodeBreakdown) => string;
}

const TONES = {
  hijack: 'border-red-300 bg-red-50 text-red-900',
  changed: 'border-amber-300 bg-amber-50 text-amber-900',
} as const;

/** Above the map: whose latest DNS answers left the matched IPs, and what that suggests. Nothing when all match. */
export function IpFindingBanner({ breakdown, nodeName }: IpFindingBannerProps) {
  const { t, i18n } = useTranslation();
  const text = useMemo(
    () => ipFindingText(breakdown, { t, exists: (key) => i18n.exists(key), locale: i18n.language, nodeName }),
    [breakdown, t, i18n, nodeName],
  );
  if (text === null) return null;
  return (
    <div role="status" className={`rounded-lg border px-3 py-2 text-sm ${TONES[text.tone]}`}>
      <p className="font-semibold">{text.headline}</p>
      <p className="mt-1 break-words">{text.matched}</p>
      <ul aria-label={t('detail:ipFinding.nodes')} className="mt-1 flex flex-col gap-0.5">
        {text.lines.map((line) => (
          <li key={line.nodeId} className="break-words">
            {line.text}
          </li>
        ))}
        {text.more !== null && <li>{text.more}</li>}
      </ul>
      <p className="mt-1 text-xs opacity-80">{t('detail:ipFinding.basis')}</p>
    </div>
  );
}
