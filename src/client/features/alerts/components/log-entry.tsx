import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ISP_CODES, type AlertLogRow } from '../../../../shared/index.js';
import { alertLineText } from '../../../../shared/alerts/message-line.js';
import { nodePlace } from '../../../lib/node-names.js';
import { useAlertMessageFormats } from '../hooks/use-message-formats.js';
import { alertEditPathOf, taskDetailPathOf } from '../rule-words.js';
import { DeliveryBadge } from './badges.js';

type Delivery = AlertLogRow['deliveries'][number];
type LogNode = AlertLogRow['nodes'][number];

const EVENT_TONES: Readonly<Record<AlertLogRow['event'], string>> = {
  fire: 'bg-red-50 text-red-800 ring-red-200',
  repeat: 'bg-red-50 text-red-800 ring-red-200',
  recover: 'bg-green-50 text-green-800 ring-green-200',
  ssl_mark: 'bg-amber-50 text-amber-900 ring-amber-200',
  ssl_renewed: 'bg-green-50 text-green-800 ring-green-200',
  test: 'bg-slate-50 text-slate-700 ring-slate-200',
};

/** The message as it was written, line by line, in the reader's language (`alertmsg` keys, the server's own reading). */
function MessageLines({ row }: { row: AlertLogRow }) {
  const { t } = useTranslation();
  useAlertMessageFormats();
  return (
    <div className="flex flex-col gap-0.5 text-sm text-slate-800">
      {row.content.map((line, index) => (
        <p key={index} className="break-words whitespace-pre-line">
          {alertLineText((key, options) => t(key, options), line)}
        </p>
      ))}
    </div>
  );
}

function NodeLine({ node }: { node: LogNode }) {
  const { t, i18n } = useTranslation();
  const exists = (key: string) => i18n.exists(key);
  const isp = node.isp === ISP_CODES.NONE ? null : t(`places:codes.isp.${node.isp}`, { defaultValue: String(node.isp) });
  // Leave out what the node's name already says ("Beijing Telecom" needs neither Beijing nor Telecom again).
  const more = [isp, nodePlace(node, t, exists)].filter((part): part is string => part !== null && !node.name.includes(part));
  return <li>{[node.name, ...new Set(more)].join(' · ')}</li>;
}

function DeliveryLine({ delivery }: { delivery: Delivery }) {
  const { t, i18n } = useTranslation();
  const time = delivery.sentAt === null ? null : new Date(delivery.sentAt).toLocaleString(i18n.language);
  return (
    <li className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="font-mono text-xs">{delivery.chatId}</span>
      <DeliveryBadge state={delivery.state} />
      <span className="text-xs text-slate-500">
        {t(`language.names.${delivery.language}`)}
        {time && ` · ${t('alerts:log.sentAt', { time })}`}
        {delivery.attempts > 1 && ` · ${t('alerts:log.attempts', { count: delivery.attempts })}`}
      </span>
      {delivery.lastError && delivery.state !== 'sent' && <span className="text-xs text-status-error">{t(`alertmsg:${delivery.lastError}`)}</span>}
    </li>
  );
}

function Facts({ row }: { row: AlertLogRow }) {
  const { t } = useTranslation();
  const link = 'focus-ring rounded font-medium text-brand-700 hover:underline';
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
      {row.ruleId !== null && (
        <span>
          {t('alerts:log.rule')}{' '}
          <Link to={alertEditPathOf(row.ruleId)} className={link}>
            {row.ruleName ?? `#${row.ruleId}`}
          </Link>
        </span>
      )}
      {row.taskId !== null && (
        <span>
          {t('alerts:log.task')}{' '}
          <Link to={taskDetailPathOf(row.taskId)} className={link}>
            {row.taskName ?? `#${row.taskId}`}
          </Link>
        </span>
      )}
      {row.verdict !== null && <span>{t(`alerts:verdicts.${row.verdict}`, { defaultValue: row.verdict })}</span>}
    </p>
  );
}

/** One log entry: when, what happened, to which rule and task, where, and how each chat got it. */
export function LogEntry({ row }: { row: AlertLogRow }) {
  const { t, i18n } = useTranslation();
  return (
    <li data-log-id={row.id} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${EVENT_TONES[row.event]}`}>{t(`alerts:events.${row.event}`)}</span>
        <time dateTime={row.createdAt} className="text-sm text-slate-600">
          {new Date(row.createdAt).toLocaleString(i18n.language)}
        </time>
      </div>
      <Facts row={row} />
      <MessageLines row={row} />
      {row.nodes.length > 0 && (
        <div>
          <h3 className="text-xs font-medium text-slate-500">{t('alerts:log.nodes', { count: row.nodes.length })}</h3>
          <ul className="text-xs text-slate-700">
            {row.nodes.map((node) => (
              <NodeLine key={node.nodeId} node={node} />
            ))}
          </ul>
        </div>
      )}
      <div>
        <h3 className="text-xs font-medium text-slate-500">{t('alerts:log.deliveries')}</h3>
        {row.deliveries.length === 0 ? (
          <p className="text-xs text-slate-600">{t('alerts:log.noDeliveries')}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {row.deliveries.map((delivery) => (
              <DeliveryLine key={delivery.chatId} delivery={delivery} />
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}
