import { useTranslation } from 'react-i18next';
import type { MtrRunNode } from '../../../../shared/index.js';
import { ReasonLine } from '../../../components/reason-text.js';
import { failureReason } from '../../../lib/failure-text.js';
import { STATE_TONE, TONE_CLASS } from '../node-states.js';
import { HopTable } from './hop-table.js';

/** One node of a run: its name, its state in words (and why, when it gave no report), its hops. */
export function NodeResult({ node, name }: { node: MtrRunNode; name: string }) {
  const { t } = useTranslation();
  const headingId = `mtr-node-${node.nodeId}`;
  const showReason = node.failure !== null && node.state !== 'no_tool' && node.state !== 'private_refused';
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:p-4" data-testid="mtr-node">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          {name}
        </h3>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${TONE_CLASS[STATE_TONE[node.state]]}`} data-state={node.state}>
          {t(`mtr:state.${node.state}`)}
        </span>
      </div>
      <p className="text-sm text-slate-600">{t(`mtr:stateHelp.${node.state}`)}</p>
      {showReason && node.failure && (
        <p className="text-sm text-slate-700">
          <ReasonLine reason={failureReason(node.failure, t)} />
        </p>
      )}
      {node.hops.length > 0 && <HopTable node={node} caption={t('mtr:hops.caption', { node: name })} />}
      {node.state === 'running' && node.hops.length === 0 && <p className="text-sm text-slate-500">{t('mtr:hops.waiting')}</p>}
    </section>
  );
}
