import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SSL_STATUS, type LatestCheck } from '../../../../shared/index.js';
import { ReasonLine } from '../../../components/reason-text.js';
import { tlsVerdict } from '../../../lib/failure-text.js';
import { useFormats } from '../formats.js';
import { phaseBreakdownOf, type Phase, type PhaseTimings } from '../phase-timings.js';

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm break-words text-slate-800">{children}</dd>
    </div>
  );
}

const PHASE_FILLS: Readonly<Record<Phase, string>> = {
  dns: 'bg-sky-500',
  connect: 'bg-indigo-500',
  tls: 'bg-violet-500',
  ttfb: 'bg-amber-500',
  rest: 'bg-slate-400',
};

/** The HTTP phases as one stacked bar, with the same figures as a list beside it (colour never stands alone). */
export function PhaseBar({ timings }: { timings: PhaseTimings }) {
  const { t } = useTranslation();
  const format = useFormats();
  const { segments, totalMs } = phaseBreakdownOf(timings);
  if (segments.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <div aria-hidden="true" className="flex h-3 w-full overflow-hidden rounded-full bg-slate-100">
        {segments.map((segment) => (
          <span key={segment.phase} className={PHASE_FILLS[segment.phase]} style={{ width: `${(segment.fraction * 100).toFixed(2)}%` }} />
        ))}
      </div>
      <dl aria-label={t('detail:latest.phases')} className="flex flex-col gap-0.5 text-xs">
        {segments.map((segment) => (
          <div key={segment.phase} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-sm ${PHASE_FILLS[segment.phase]}`} />
            <dt className="text-slate-600">{t(`detail:phase.${segment.phase}`)}</dt>
            <dd className="ml-auto font-medium text-slate-800 tabular-nums">{format.ms(segment.ms)}</dd>
          </div>
        ))}
        <div className="flex items-center gap-1.5 border-t border-slate-100 pt-0.5">
          <dt className="font-medium text-slate-700">{t('detail:phase.total')}</dt>
          <dd className="ml-auto font-semibold text-slate-900 tabular-nums">{format.ms(totalMs)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** The DNS server's answer: its rcode and records. */
export function DnsAnswers({ dns }: { dns: NonNullable<LatestCheck['dns']> }) {
  const { t } = useTranslation();
  const cell = 'px-2 py-1 text-left align-top';
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid grid-cols-3 gap-2">
        <Fact label={t('detail:dns.server')}>
          <span className="font-mono text-xs break-all">{dns.server}</span>
        </Fact>
        <Fact label={t('detail:dns.recordType')}>{dns.recordType}</Fact>
        <Fact label={t('detail:dns.rcode')}>
          <span className="font-mono text-xs">{dns.rcode ?? t('detail:noValue')}</span>
        </Fact>
      </dl>
      {dns.answers.length === 0 ? (
        <p className="text-xs text-slate-600">{t('detail:dns.noAnswers')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full text-xs">
            <caption className="sr-only">{t('detail:dns.answers')}</caption>
            <thead className="text-slate-500">
              <tr>
                <th scope="col" className={cell}>{t('detail:dns.name')}</th>
                <th scope="col" className={cell}>{t('detail:dns.type')}</th>
                <th scope="col" className={cell}>{t('detail:dns.ttl')}</th>
                <th scope="col" className={cell}>{t('detail:dns.data')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 font-mono">
              {dns.answers.map((answer, index) => (
                <tr key={`${answer.type}-${answer.data}-${index}`}>
                  <td className={`${cell} break-all`}>{answer.name}</td>
                  <td className={cell}>{answer.type}</td>
                  <td className={cell}>{answer.ttl}</td>
                  <td className={`${cell} break-all`}>{answer.data}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** The IP-match outcome; "IP not matched" stands out in red with a mark, not by colour alone. */
export function IpMatch({ ipMatched }: { ipMatched: boolean | null }) {
  const { t } = useTranslation();
  if (ipMatched === null) return <span className="text-slate-500">{t('detail:ipMatch.notChecked')}</span>;
  if (ipMatched) return <span className="font-medium text-green-800">{t('detail:ipMatch.matched')}</span>;
  return (
    <strong data-ip-matched="false" className="inline-flex items-center gap-1 rounded bg-red-50 px-1.5 py-0.5 font-semibold text-red-800 ring-1 ring-red-200 ring-inset">
      <span aria-hidden="true">⚠</span>
      {t('detail:ipMatch.notMatched')}
    </strong>
  );
}

export function ResolvedIps({ ips }: { ips: readonly string[] }) {
  const { t } = useTranslation();
  if (ips.length === 0) return <span className="text-slate-500">{t('detail:latest.noneResolved')}</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {ips.map((ip) => (
        <li key={ip} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[11px] break-all text-slate-700">
          {ip}
        </li>
      ))}
    </ul>
  );
}

const SSL_TONES: Readonly<Record<number, string>> = {
  [SSL_STATUS.NOT_EXPIRED]: 'text-green-800',
  [SSL_STATUS.EXPIRING]: 'text-yellow-800',
  [SSL_STATUS.EXPIRED]: 'text-red-800',
};

/** Whether the chain verified for the host name, in the one wording of trust verdicts; red when it did not. */
function TrustFact({ tls }: { tls: NonNullable<LatestCheck['tls']> }) {
  const { t } = useTranslation();
  const verdict = tlsVerdict(tls.authorized, tls.error, t);
  if (verdict === null) return null;
  return (
    <Fact label={t('detail:certificate.trust')}>
      <span className={tls.authorized ? 'text-green-800' : 'text-red-800'}>
        <ReasonLine reason={verdict} />
      </span>
    </Fact>
  );
}

/** The certificate's days left and SSL status (not expired, expiring within a week, expired), and its trust verdict. */
export function CertificateFacts({ certificate, tls }: { certificate: LatestCheck['certificate']; tls: LatestCheck['tls'] }) {
  const { t } = useTranslation();
  const format = useFormats();
  return (
    <dl className="grid grid-cols-2 gap-2">
      {certificate && (
        <>
          <Fact label={t('detail:certificate.daysLeft')}>
            <span className={`font-semibold tabular-nums ${SSL_TONES[certificate.sslStatus] ?? ''}`}>{format.count(certificate.daysLeft)}</span>
          </Fact>
          <Fact label={t('detail:certificate.status')}>
            <span className={SSL_TONES[certificate.sslStatus]}>{t(`detail:certificate.sslStatus.${certificate.sslStatus}`)}</span>
          </Fact>
          <Fact label={t('detail:certificate.validTo')}>{format.dateTime(certificate.validTo)}</Fact>
          <Fact label={t('detail:certificate.issuer')}>
            <span className="text-xs break-all">{certificate.issuer}</span>
          </Fact>
        </>
      )}
      {tls && <TrustFact tls={tls} />}
    </dl>
  );
}
