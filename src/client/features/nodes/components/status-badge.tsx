import { useTranslation } from 'react-i18next';
import type { NodeStatus } from '../../../../shared/index.js';

/** Colour plus text, so the status never rests on colour alone. */
const TONES: Record<NodeStatus, { badge: string; dot: string }> = {
  usable: { badge: 'bg-green-50 text-green-800 ring-green-200', dot: 'bg-status-normal' },
  warning: { badge: 'bg-yellow-50 text-yellow-800 ring-yellow-200', dot: 'bg-status-warning' },
  unusable: { badge: 'bg-red-50 text-red-800 ring-red-200', dot: 'bg-status-error' },
  none: { badge: 'bg-slate-100 text-slate-700 ring-slate-200', dot: 'bg-status-none' },
};

export function NodeStatusBadge({ status }: { status: NodeStatus }) {
  const { t } = useTranslation();
  const tone = TONES[status];
  return (
    <span
      data-status={status}
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${tone.badge}`}
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${tone.dot}`} />
      {t(`places:codes.nodeStatus.${status}`)}
    </span>
  );
}
