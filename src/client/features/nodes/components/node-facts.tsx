import { useTranslation } from 'react-i18next';
import type { NodeSummary, ToolCapabilities } from '../../../../shared/index.js';
import { nodeLocationName, nodeProvinceName } from '../../../lib/node-names.js';
import { absoluteTimeText, relativeTimeText } from '../relative-time.js';

const TOOLS: readonly (keyof ToolCapabilities)[] = ['ping', 'fping', 'traceroute', 'mtr'];

/** A dash for the eye, words for screen readers. */
export function Missing({ textKey }: { textKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden="true" className="text-slate-400">
        —
      </span>
      <span className="sr-only">{t(textKey)}</span>
    </>
  );
}

/** The probe tools the node's agent reported as present. */
export function CapabilityLabels({ capabilities }: { capabilities: ToolCapabilities | null }) {
  const { t } = useTranslation();
  const present = capabilities ? TOOLS.filter((tool) => capabilities[tool]) : [];
  if (present.length === 0) return <Missing textKey={capabilities ? 'nodes:noTools' : 'nodes:notReported'} />;
  return (
    <ul aria-label={t('nodes:columns.capabilities')} className="flex flex-wrap gap-1">
      {present.map((tool) => (
        <li key={tool} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[11px] text-slate-700">
          {t(`nodes:tools.${tool}`)}
        </li>
      ))}
    </ul>
  );
}

export function LastSeen({ lastSeen, now }: { lastSeen: string | null; now: number }) {
  const { i18n } = useTranslation();
  const relative = relativeTimeText(lastSeen, now, i18n.language);
  if (lastSeen === null || relative === null) return <Missing textKey="nodes:neverSeen" />;
  return (
    <time dateTime={lastSeen} title={absoluteTimeText(lastSeen, i18n.language)} className="whitespace-nowrap">
      {relative}
    </time>
  );
}

export function AgentVersion({ version }: { version: string | null }) {
  if (version === null) return <Missing textKey="nodes:noAgent" />;
  return <span className="font-mono text-xs">{version}</span>;
}

/** City on top; province and region (China only) below, in the user's language where known. */
export function NodeLocation({ node }: { node: NodeSummary }) {
  const { t, i18n } = useTranslation();
  const exists = (key: string) => i18n.exists(key);
  const province = nodeProvinceName(node, t, exists);
  const detail = [province, node.region ? t(`places:codes.region.${node.region}`) : null].filter(Boolean).join(' · ');
  return (
    <span className="flex flex-col">
      <span>{nodeLocationName(node, t, exists)}</span>
      {detail && <span className="text-xs text-slate-500">{detail}</span>}
    </span>
  );
}

/** Results the node's agent had to drop from its full spool, and when it last said so; nothing at 0. */
export function DroppedResults({ node, now }: { node: Pick<NodeSummary, 'resultsDropped' | 'resultsDroppedAt'>; now: number }) {
  const { t, i18n } = useTranslation();
  if (node.resultsDropped === 0) return null;
  const when = relativeTimeText(node.resultsDroppedAt, now, i18n.language);
  return (
    <p className="mt-1 text-xs text-amber-800" data-testid="results-dropped">
      {t('nodes:dropped', { count: node.resultsDropped })}
      {node.resultsDroppedAt !== null && when !== null && (
        <>
          {' · '}
          <time dateTime={node.resultsDroppedAt} title={absoluteTimeText(node.resultsDroppedAt, i18n.language)}>
            {t('nodes:droppedLast', { when })}
          </time>
        </>
      )}
    </p>
  );
}
