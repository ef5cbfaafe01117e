import { useTranslation } from 'react-i18next';
import type { DetailLatestAnswer, LatestCheck } from '../../../../shared/index.js';
import { failureSourceText } from '../../../lib/failure-text.js';
import { useFormats } from '../formats.js';
import type { NamedNode } from '../../../lib/node-names.js';
import { FailureText } from './failed-logs.js';
import { CertificateFacts, DnsAnswers, Fact, IpMatch, PhaseBar, ResolvedIps } from './latest-parts.js';
import { Section, SectionEmpty, SectionError, SectionLoading } from './states.js';

function OutcomeBadge({ ok }: { ok: boolean }) {
  const { t } = useTranslation();
  const tone = ok ? 'bg-green-50 text-green-800 ring-green-200' : 'bg-red-50 text-red-800 ring-red-200';
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${tone}`}>
      <span aria-hidden="true" className={`size-2 rounded-full ${ok ? 'bg-status-normal' : 'bg-status-error'}`} />
      {t(ok ? 'detail:latest.ok' : 'detail:latest.failed')}
    </span>
  );
}

function Measurements({ check }: { check: LatestCheck }) {
  const { t } = useTranslation();
  const format = useFormats();
  const source = failureSourceText(check.failure?.source ?? null, t);
  return (
    <dl className="grid grid-cols-2 gap-3">
      <Fact label={t('detail:latest.latency')}>{format.ms(check.latencyMs)}</Fact>
      {check.statusCode !== null && <Fact label={t('detail:latest.statusCode')}>{String(check.statusCode)}</Fact>}
      {check.failure && (
        <Fact label={t('detail:latest.failure')}>
          <FailureText failure={check.failure} />
          {source && <span className="block text-xs text-slate-500">{t('detail:latest.failedAt', { source })}</span>}
        </Fact>
      )}
      {check.icmp && (
        <Fact label={t('detail:latest.icmp')}>
          {t('detail:latest.icmpValue', {
            received: check.icmp.received,
            sent: check.icmp.sent,
            loss: format.percent(check.icmp.lossPercent),
          })}
          <span className="block text-xs text-slate-500">
            {t('detail:latest.minAvgMax', { min: format.ms(check.icmp.minMs), avg: format.ms(check.icmp.avgMs), max: format.ms(check.icmp.maxMs) })}
          </span>
        </Fact>
      )}
      {check.tcp && <Fact label={t('detail:latest.tcpPort', { port: check.tcp.port })}>{format.ms(check.tcp.connectMs)}</Fact>}
      {check.trace && (
        <Fact label={t('detail:latest.trace')}>
          {t(check.trace.reached ? 'detail:trace.reached' : 'detail:trace.notReached')} · {t('detail:trace.hops', { count: check.trace.hopCount })}
        </Fact>
      )}
    </dl>
  );
}

function Addresses({ check }: { check: LatestCheck }) {
  const { t } = useTranslation();
  return (
    <dl className="grid grid-cols-2 gap-3">
      <Fact label={t('detail:latest.ip')}>
        <span className="font-mono text-xs break-all">{check.ip ?? t('detail:noValue')}</span>
      </Fact>
      <Fact label={t('detail:latest.ipMatch')}>
        <IpMatch ipMatched={check.ipMatched} />
      </Fact>
      <div className="col-span-2">
        <Fact label={t('detail:latest.resolvedIps')}>
          <ResolvedIps ips={check.resolvedIps} />
        </Fact>
      </div>
    </dl>
  );
}

function LatestCard({ check, name }: { check: LatestCheck; name: string }) {
  const format = useFormats();
  const flagged = check.ipMatched === false || !check.ok;
  return (
    <li
      aria-label={name}
      data-node-id={check.nodeId}
      className={`flex min-w-0 flex-col gap-3 rounded-lg border bg-white p-3 ${flagged ? 'border-red-200' : 'border-slate-200'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-sm font-semibold break-words text-slate-900">{name}</h3>
          <time dateTime={check.at} className="text-xs text-slate-500">
            {format.dateTime(check.at)}
          </time>
        </div>
        <OutcomeBadge ok={check.ok} />
      </div>
      <Measurements check={check} />
      {check.timings && <PhaseBar timings={check.timings} />}
      {check.dns && <DnsAnswers dns={check.dns} />}
      {(check.certificate || check.tls) && <CertificateFacts certificate={check.certificate} tls={check.tls} />}
      <Addresses check={check} />
    </li>
  );
}

interface LatestChecksProps {
  answer: DetailLatestAnswer | undefined;
  isError: boolean;
  onRetry: () => void;
  nameOf: (node: NamedNode) => string;
}

/** Each node's newest check: phases, DNS answers, addresses and the IP match, the certificate. */
export function LatestChecks({ answer, isError, onRetry, nameOf }: LatestChecksProps) {
  const { t } = useTranslation();
  let body;
  if (!answer) body = isError ? <SectionError onRetry={onRetry} /> : <SectionLoading />;
  else if (answer.nodes.length === 0) body = <SectionEmpty text={t('detail:latest.empty')} />;
  else {
    body = (
      <ul aria-label={t('detail:latest.title')} className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {answer.nodes.map((check) => (
          <LatestCard key={check.nodeId} check={check} name={nameOf({ name: check.nodeName, city: check.city, isp: check.isp })} />
        ))}
      </ul>
    );
  }
  return <Section title={t('detail:latest.title')}>{body}</Section>;
}
