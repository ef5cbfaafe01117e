import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SslChainAnswer, SslChainWarning } from '../../../../shared/index.js';
import { dateTimeText, shortName, targetText, toneOf, type Tone } from '../chain-text.js';
import { CertificateCard } from './certificate-card.js';

const TONES: Record<Tone, string> = {
  good: 'border-green-300 bg-green-50 text-green-900',
  caution: 'border-amber-300 bg-amber-50 text-amber-900',
  bad: 'border-red-300 bg-red-50 text-red-900',
};

/** The verdict first: its title and the reason in words; a connection failure says what happened. */
function VerdictBanner({ answer }: { answer: SslChainAnswer }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // A new answer takes the focus, so keyboard and screen-reader users land on it.
  useEffect(() => heading.current?.focus(), [answer]);
  const name = answer.servername ?? answer.host;
  const reason = answer.failure ? t(`sslchain:failure.${answer.failure}`) : t(`sslchain:verdict.${answer.verdict}.reason`, { name });
  return (
    <section aria-labelledby="chain-verdict" className={`mb-4 rounded-lg border p-4 ${TONES[toneOf(answer)]}`} data-verdict={answer.verdict}>
      <h2 id="chain-verdict" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {t(`sslchain:verdict.${answer.verdict}.title`)}
      </h2>
      <p className="mt-1 text-sm">{reason}</p>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="text-sm break-words text-slate-800">{children}</dd>
    </div>
  );
}

function ConnectionFacts({ answer, fromName }: { answer: SslChainAnswer; fromName: string }) {
  const { t } = useTranslation();
  const none = t('sslchain:facts.none');
  const others = answer.problems.filter((problem) => problem !== answer.verdict);
  const match = answer.hostnameMatch === null ? none : t(answer.hostnameMatch ? 'sslchain:facts.yes' : 'sslchain:facts.no');
  return (
    <section aria-labelledby="chain-facts" className="mb-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="chain-facts" className="mb-3 text-sm font-semibold text-slate-800">
        {t('sslchain:facts.title')}
      </h2>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Fact label={t('sslchain:facts.target')}>{targetText(answer)}</Fact>
        <Fact label={t('sslchain:facts.address')}>{answer.ip ?? none}</Fact>
        <Fact label={t('sslchain:facts.protocol')}>{answer.protocol ?? none}</Fact>
        <Fact label={t('sslchain:facts.from')}>{fromName}</Fact>
        <Fact label={t('sslchain:facts.checkedAt')}>{dateTimeText(answer.checkedAt)}</Fact>
        <Fact label={t('sslchain:facts.name')}>{answer.servername ?? answer.host}</Fact>
        <Fact label={t('sslchain:facts.nameMatch')}>{match}</Fact>
        <Fact label={t('sslchain:facts.verifyCode')}>{answer.verifyCode ?? answer.failureDetail ?? none}</Fact>
        {others.length > 0 && <Fact label={t('sslchain:facts.otherProblems')}>{others.map((problem) => t(`sslchain:verdict.${problem}.title`)).join(', ')}</Fact>}
      </dl>
    </section>
  );
}

function warningText(warning: SslChainWarning, answer: SslChainAnswer, t: (key: string, options?: Record<string, unknown>) => string): string {
  const certificate = warning.index === null ? undefined : answer.chain[warning.index];
  const subject = certificate ? `#${(warning.index ?? 0) + 1} ${shortName(certificate.subject)}` : '';
  return t(`sslchain:warnings.${warning.kind}`, { subject, days: Math.abs(warning.daysLeft ?? 0) });
}

function Warnings({ answer }: { answer: SslChainAnswer }) {
  const { t } = useTranslation();
  if (answer.failure) return null;
  return (
    <section aria-labelledby="chain-warnings" className="mb-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="chain-warnings" className="mb-2 text-sm font-semibold text-slate-800">
        {t('sslchain:warnings.title')}
      </h2>
      {answer.warnings.length === 0 ? (
        <p className="text-sm text-slate-600">{t('sslchain:warnings.none')}</p>
      ) : (
        <ul className="list-disc pl-5 text-sm text-slate-800">
          {answer.warnings.map((warning, index) => (
            <li key={index}>{warningText(warning, answer, t)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Chain({ answer }: { answer: SslChainAnswer }) {
  const { t } = useTranslation();
  if (answer.failure) return null;
  const count = answer.chain.length;
  return (
    <section aria-labelledby="chain-list">
      <h2 id="chain-list" className="mb-2 text-sm font-semibold text-slate-800">
        {t(answer.orderKnown ? 'sslchain:chain.titlePresented' : 'sslchain:chain.titleLinked', { count })}
      </h2>
      {!answer.orderKnown && count > 0 && <p className="mb-2 text-xs text-slate-600">{t('sslchain:chain.orderUnknown')}</p>}
      {count === 0 ? (
        <p className="text-sm text-slate-600">{t('sslchain:chain.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {answer.chain.map((certificate, index) => (
            <CertificateCard key={`${certificate.fingerprint256}-${index}`} certificate={certificate} index={index} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** What the check found: verdict, connection facts, warnings and the chain in order. */
export function ChainResult({ answer, fromName }: { answer: SslChainAnswer; fromName: string }) {
  return (
    <div>
      <VerdictBanner answer={answer} />
      <ConnectionFacts answer={answer} fromName={fromName} />
      <Warnings answer={answer} />
      <Chain answer={answer} />
    </div>
  );
}
