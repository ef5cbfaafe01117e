import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.js';
import { useRunParam } from '../hooks/use-run-param.js';
import { MtrForm, type NodeChooser } from './mtr-form.js';
import { RunHistory } from './run-history.js';
import { RUN_SECTION_ID, RunView } from './run-view.js';

export interface MtrPageProps {
  /** Administrator view or a view-only privilege: runs can be read, not started. */
  readOnly: boolean;
  NodeChooser: NodeChooser;
}

/** Once a run is started or opened, it takes the focus, so keyboard and screen-reader users land on it. */
function useFocusOnOpen(runId: number | null): () => void {
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current || runId === null) return;
    pending.current = false;
    document.getElementById(RUN_SECTION_ID)?.focus();
  }, [runId]);
  return () => {
    pending.current = true;
  };
}

/** /detect_mtr: start an MTR run from chosen nodes, watch its hops arrive, reopen recent runs. */
export function MtrPage({ readOnly, NodeChooser }: MtrPageProps) {
  const { t } = useTranslation();
  const [runId, setRun] = useRunParam();
  const willOpen = useFocusOnOpen(runId);
  const open = (id: number) => {
    willOpen();
    setRun(id);
  };
  return (
    <div>
      <PageHeader title={t('routes.detectMtr')} />
      <p className="-mt-4 mb-6 max-w-3xl text-sm text-slate-600">{t('mtr:intro')}</p>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          {runId !== null && <RunView key={runId} id={runId} onClose={() => setRun(null)} />}
          <MtrForm readOnly={readOnly} NodeChooser={NodeChooser} onStarted={open} />
        </div>
        <RunHistory current={runId} onOpen={open} />
      </div>
    </div>
  );
}
