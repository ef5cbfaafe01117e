import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DomainListRow, NodeDeployResult } from '../../../../shared/index.js';
import { Button, NetworkButton } from '../../../components/button.js';
import { ReasonLine } from '../../../components/reason-text.js';
import { deployResultQuery, nodeCatalogueQuery } from '../api.js';
import { deployFailureText } from '../deploy-failure.js';
import { localDateTime } from '../export-table.js';
import { nodeLabel } from '../node-label.js';

const STATE_TONES: Readonly<Record<NodeDeployResult['state'], string>> = {
  completed: 'text-green-800',
  processing: 'text-brand-700',
  error: 'text-red-800',
};

function useNodeNames() {
  const { t, i18n } = useTranslation();
  const { data } = useQuery(nodeCatalogueQuery());
  return useMemo(() => {
    const byId = new Map((data?.list ?? []).map((node) => [node.id, node]));
    return (nodeId: number) => nodeLabel(byId.get(nodeId), nodeId, t, (key) => i18n.exists(key));
  }, [data, t, i18n]);
}

function NodeResultRow({ result, name }: { result: NodeDeployResult; name: string }) {
  const { t, i18n } = useTranslation();
  const failure = deployFailureText(result, { t, exists: (key) => i18n.exists(key) });
  return (
    <tr data-node-id={result.nodeId}>
      <th scope="row" className="py-2 pr-3 text-left text-sm font-medium text-slate-900">
        {name}
      </th>
      <td className={`py-2 pr-3 text-sm font-medium whitespace-nowrap ${STATE_TONES[result.state]}`}>{t(`monitor:deploy.state.${result.state}`)}</td>
      <td className="py-2 text-sm text-slate-700">
        {failure !== null && (
          <span>
            <ReasonLine reason={failure} />
            {result.errorTime && <span className="block text-xs text-slate-500">{localDateTime(result.errorTime)}</span>}
          </span>
        )}
      </td>
    </tr>
  );
}

/** What the dialog needs of a task: any list's row (the SSL list's too). */
export type DeployTask = Pick<DomainListRow, 'id' | 'name'>;

interface DeployDialogProps {
  task: DeployTask | null;
  readOnly: boolean;
  rebuilding: boolean;
  onRebuild: (id: number) => void;
  onClose: () => void;
}

function DeployBody({ task, readOnly, rebuilding, onRebuild }: Omit<DeployDialogProps, 'onClose' | 'task'> & { task: DeployTask }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useQuery(deployResultQuery(task.id));
  const nameOf = useNodeNames();
  if (isPending) return <p role="status" className="text-sm text-slate-600">{t('loading')}</p>;
  if (isError) {
    return (
      <div role="alert" className="flex items-center gap-3 text-sm text-slate-700">
        {t('loadFailed')}
        <Button variant="secondary" onClick={() => void refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  const errors = data.nodes.filter((node) => node.state === 'error').length;
  return (
    <>
      <Description className="text-sm text-slate-700">
        {data.nodes.length === 0 ? t('monitor:deploy.noNodes') : t(`monitor:deploy.summary.${data.deployStatus}`, { count: errors })}
      </Description>
      {data.nodes.length > 0 && (
        <div className="mt-3 max-h-72 overflow-y-auto">
          <table className="w-full">
            <caption className="sr-only">{t('monitor:deploy.caption')}</caption>
            <thead>
              <tr className="text-left text-xs text-slate-500">
                <th scope="col" className="pb-1 font-medium">{t('monitor:deploy.node')}</th>
                <th scope="col" className="pb-1 font-medium">{t('monitor:deploy.stateLabel')}</th>
                <th scope="col" className="pb-1 font-medium">{t('monitor:deploy.error')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.nodes.map((result) => (
                <NodeResultRow key={result.nodeId} result={result} name={nameOf(result.nodeId)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {errors > 0 && !readOnly && (
        <div className="mt-4 flex justify-end">
          <NetworkButton onClick={() => onRebuild(task.id)} disabled={rebuilding} taskChange>
            {t('monitor:deploy.rebuild', { count: errors })}
          </NetworkButton>
        </div>
      )}
    </>
  );
}

/** The deploy result of one task per node, with rebuild for its error nodes (focus stays inside while open). */
export function DeployDialog({ task, readOnly, rebuilding, onRebuild, onClose }: DeployDialogProps) {
  const { t } = useTranslation();
  // Closed, it is not mounted at all: a closed Headless UI dialog still runs layout effects that
  // update state, an urgent re-render that runs the list's effects before its first paint.
  if (task === null) return null;
  return (
    <Dialog open={task !== null} onClose={onClose} className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <DialogPanel className="relative w-full max-w-lg rounded-xl bg-white p-6 shadow-xl">
        <DialogTitle className="mb-2 text-lg font-semibold break-words text-slate-900">
          {t('monitor:deploy.title', { name: task?.name ?? '' })}
        </DialogTitle>
        {task && <DeployBody task={task} readOnly={readOnly} rebuilding={rebuilding} onRebuild={onRebuild} />}
        <div className="mt-6 flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('monitor:dialog.close')}
          </Button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}
