import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InboxItem } from '../../../../../shared/index.js';
import { deployFailureKeys, deployFailuresOf, type DeployFailure } from '../item-facts.js';
import { nodeCatalogueQuery } from '../screen-api.js';
import { OutcomeFacts } from './detail-facts.js';

/** Why one node failed, in words: the catalogue's error and a known reason; an unknown reason word stays as it came. */
function FailureText({ failure }: { failure: DeployFailure }) {
  const { t, i18n } = useTranslation();
  const { errorKey, reasonKey, detail } = deployFailureKeys(failure);
  const heading = errorKey !== null && i18n.exists(errorKey) ? t(errorKey) : t('monitor:deploy.state.error');
  if (reasonKey !== null && i18n.exists(reasonKey)) return <>{`${heading} · ${t(reasonKey)}`}</>;
  return (
    <>
      {heading}
      {detail !== null && <span className="block text-xs text-slate-500">{detail}</span>}
    </>
  );
}

/** A node by its name from the catalogue, its id while that is not known. */
function useNodeName(): (id: number) => string {
  const { t } = useTranslation();
  const { data } = useQuery(nodeCatalogueQuery());
  return (id) => data?.list.find((node) => node.id === id)?.name ?? t('inboxscreen:deploy.nodeId', { id });
}

function ErrorNodes({ failures, summary }: { failures: DeployFailure[]; summary: boolean }) {
  const { t } = useTranslation();
  const nodeName = useNodeName();
  return (
    <section aria-labelledby="inbox-deploy-errors" className="mt-4">
      <h3 id="inbox-deploy-errors" className="mb-2 text-sm font-semibold text-slate-900">
        {t('inboxscreen:deploy.errorNodes')}
      </h3>
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
        {failures.map((failure) => (
          <li key={`${failure.taskId}:${failure.nodeId}`} className="px-3 py-2 text-sm text-slate-700">
            <span className="font-medium text-slate-900">
              {summary && `${t('inboxscreen:deploy.taskId', { id: failure.taskId })} · `}
              {nodeName(failure.nodeId)}
            </span>
            <span className="block">
              <FailureText failure={failure} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A deployment round (or a summary of many): nodes, deployed, error nodes, time taken, end time, and which nodes failed why. */
export function DeployDetail({ item }: { item: InboxItem }) {
  const failures = deployFailuresOf(item.data);
  return (
    <div>
      <OutcomeFacts data={item.data} prefix="inboxscreen:deploy" />
      {failures.length > 0 && <ErrorNodes failures={failures} summary={typeof item.titleParams.taskId !== 'number'} />}
    </div>
  );
}
