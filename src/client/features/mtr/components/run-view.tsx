import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MtrRunAnswer } from '../../../../shared/index.js';
import { Button } from '../../../components/button.js';
import { ApiError } from '../../../lib/api-failure.js';
import { nodeDisplayName } from '../../../lib/node-names.js';
import { HISTORY_ROOT, nodeCatalogueQuery, runQuery } from '../api.js';
import { NodeResult } from './node-result.js';

const NOT_FOUND = 2001;
export const RUN_SECTION_ID = 'mtr-run';

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.failure.kind === 'envelope' && Number(error.failure.code) === NOT_FOUND;
}

/** Node names in the reader's language where the catalogue knows the node, else as the run stored them. */
function useNodeName(): (nodeId: number, stored: string) => string {
  const { t, i18n } = useTranslation();
  const catalogue = useQuery(nodeCatalogueQuery());
  const byId = new Map((catalogue.data?.list ?? []).map((node) => [node.id, node]));
  return (nodeId, stored) => {
    const node = byId.get(nodeId);
    return node ? nodeDisplayName(node, t, (key) => i18n.exists(key)) : stored;
  };
}

/** A finished run changes the history's figures: refresh it once when the run ends. */
function useHistoryRefreshOnFinish(run: MtrRunAnswer | undefined) {
  const queryClient = useQueryClient();
  const wasActive = useRef(false);
  useEffect(() => {
    if (run?.active) wasActive.current = true;
    else if (run && wasActive.current) {
      wasActive.current = false;
      void queryClient.invalidateQueries({ queryKey: HISTORY_ROOT });
    }
  }, [run, queryClient]);
}

function RunHeading({ run }: { run: MtrRunAnswer }) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(run.createdAt));
  return (
    <div className="flex flex-col gap-1">
      <h2 id="mtr-run-title" className="text-base font-semibold text-slate-900 wrap-anywhere">
        {t('mtr:run.title', { target: run.target })}
      </h2>
      <p className="text-sm text-slate-600">{t('mtr:run.facts', { time, count: run.count })}</p>
      <p role="status" className="text-sm font-medium text-slate-800">
        {run.active ? t('mtr:run.active', { done: run.nodes - run.nodeResults.filter((node) => node.state === 'queued' || node.state === 'running').length, total: run.nodes }) : t('mtr:run.finished', { done: run.done, total: run.nodes })}
      </p>
    </div>
  );
}

/** The run on screen: read about once a second until every node is finished, each node as it stands. */
export function RunView({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const run = useQuery(runQuery(id));
  const nameOf = useNodeName();
  useHistoryRefreshOnFinish(run.data);
  return (
    <section id={RUN_SECTION_ID} tabIndex={-1} aria-labelledby="mtr-run-title" className="flex min-w-0 flex-col gap-3 focus:outline-none" data-testid="mtr-run">
      {run.isPending && <p role="status" className="text-sm text-slate-600">{t('mtr:run.loading')}</p>}
      {run.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md bg-slate-50 p-3 text-sm text-slate-700">
          <h2 id="mtr-run-title">{isNotFound(run.error) ? t('mtr:run.notFound') : t('mtr:run.loadFailed')}</h2>
          {!isNotFound(run.error) && (
            <Button variant="secondary" onClick={() => void run.refetch()}>
              {t('retry')}
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            {t('mtr:run.close')}
          </Button>
        </div>
      )}
      {run.data && (
        <>
          <RunHeading run={run.data} />
          {run.data.nodeResults.map((node) => (
            <NodeResult key={node.nodeId} node={node} name={nameOf(node.nodeId, node.nodeName)} />
          ))}
        </>
      )}
    </section>
  );
}
