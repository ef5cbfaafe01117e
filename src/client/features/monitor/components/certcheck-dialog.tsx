import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CERTCHECK_WAIT_MS, type CertCheckAnswer } from '../../../../shared/index.js';
import { Button, NetworkButton } from '../../../components/button.js';
import { ReasonLine } from '../../../components/reason-text.js';
import { errorText } from '../../../lib/error-text.js';
import { failureReason, failureSourceText, tlsVerdict } from '../../../lib/failure-text.js';
import { localDateTime } from '../export-table.js';
import { certcheckProblemOf, daysLeftLabelOf, sslBadgeOf } from '../ssl-status.js';
import { SslStatusBadge } from './ssl-cells.js';

export interface CertcheckTarget {
  id: number;
  name: string;
}

interface CertcheckDialogProps {
  target: CertcheckTarget | null;
  pending: boolean;
  answer: CertCheckAnswer | undefined;
  error: unknown;
  onRetry: () => void;
  onClose: () => void;
}

/** Seconds since the component mounted (the wait is shown afresh for each check), so the wait is visibly moving. */
function useElapsedSeconds(): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  return elapsed;
}

function Waiting() {
  const { t } = useTranslation();
  const elapsed = useElapsedSeconds();
  const max = Math.round(CERTCHECK_WAIT_MS / 1000);
  return (
    <div role="status" className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">{t('monitor:certcheck.waiting', { max })}</p>
      <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-slate-100">
        <div className="h-full bg-brand-600 transition-all" style={{ width: `${Math.min(100, (elapsed / max) * 100)}%` }} />
      </div>
      <p className="text-xs text-slate-500 tabular-nums">{t('monitor:certcheck.elapsed', { seconds: elapsed, max })}</p>
    </div>
  );
}

function Refusal({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t, i18n } = useTranslation();
  const problem = certcheckProblemOf(error);
  const translator = { t, exists: (key: string) => i18n.exists(key) };
  const text = problem.failure ? errorText(problem.failure, translator) : t('errors:500');
  return (
    <div role="alert" className="flex flex-col gap-3 rounded-md bg-red-50 p-4 text-sm text-red-900">
      <p className="font-medium">{text}</p>
      {problem.kind === 'refused' && <p>{t(`monitor:certcheck.refusal.${problem.code}`)}</p>}
      <div>
        <NetworkButton variant="secondary" onClick={onRetry}>
          {t('monitor:certcheck.again')}
        </NetworkButton>
      </div>
    </div>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-1">
      <dt className="text-slate-500">{label}</dt>
      <dd className="wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}

function FailureLine({ answer }: { answer: CertCheckAnswer }) {
  const { t } = useTranslation();
  if (answer.ok || answer.failure === null) return null;
  const reason = failureReason(answer.failure, t);
  return (
    <p role="alert" className="mb-3 rounded-md bg-red-50 p-3 text-sm text-red-900">
      {t('monitor:certcheck.failed', { reason: reason.text, source: failureSourceText(answer.failure.source, t) })}
      {reason.code !== null && <code className="ml-1 rounded bg-red-100 px-1 text-[11px] wrap-anywhere">{reason.code}</code>}
    </p>
  );
}

/** Whether the chain verified for the name; when not, why in words (the verifier's code, e.g. DEPTH_ZERO_SELF_SIGNED_CERT, in small type). */
function TrustText({ answer }: { answer: CertCheckAnswer }) {
  const { t } = useTranslation();
  const verdict = tlsVerdict(answer.authorized, answer.authorizationError, t);
  if (verdict === null) return <>{t('common:noValue')}</>;
  return (
    <span className={answer.authorized ? undefined : 'text-red-800'}>
      <ReasonLine reason={verdict} />
    </span>
  );
}

function Answer({ answer }: { answer: CertCheckAnswer }) {
  const { t } = useTranslation();
  const days = daysLeftLabelOf(answer.daysLeft);
  const none = t('common:noValue');
  return (
    <div className="text-sm">
      <FailureLine answer={answer} />
      <dl className="divide-y divide-slate-100">
        <Field label={t('monitor:ssl.columns.target')}>{`${answer.domain}:${answer.port}`}</Field>
        <Field label={t('monitor:ssl.columns.sslStatus')}>
          {/* The answer is a finished check: without a certificate it failed. */}
          <SslStatusBadge badge={sslBadgeOf(answer.sslStatus, true)} />
        </Field>
        <Field label={t('monitor:ssl.columns.expiry')}>{localDateTime(answer.validTo) || none}</Field>
        <Field label={t('monitor:ssl.columns.daysLeft')}>{t(`monitor:ssl.days.${days.key}`, { count: days.count })}</Field>
        <Field label={t('monitor:certcheck.validFrom')}>{localDateTime(answer.validFrom) || none}</Field>
        <Field label={t('monitor:certcheck.issuer')}>{answer.issuer ?? none}</Field>
        <Field label={t('monitor:certcheck.subject')}>{answer.subject ?? none}</Field>
        <Field label={t('monitor:certcheck.trusted')}>
          <TrustText answer={answer} />
        </Field>
        <Field label={t('monitor:certcheck.ip')}>{answer.ip ?? none}</Field>
        <Field label={t('monitor:certcheck.checkedAt')}>{localDateTime(answer.checkedAt)}</Field>
      </dl>
      <Chain answer={answer} />
    </div>
  );
}

function Chain({ answer }: { answer: CertCheckAnswer }) {
  const { t } = useTranslation();
  if (answer.chain.length === 0) return null;
  return (
    <section className="mt-4">
      <h3 className="mb-2 text-sm font-semibold text-slate-800">{t('monitor:certcheck.chain', { count: answer.chain.length })}</h3>
      <ol className="flex flex-col gap-2">
        {answer.chain.map((certificate, index) => (
          <li key={`${certificate.fingerprint256}-${index}`} className="rounded-md border border-slate-200 p-2 text-xs text-slate-700">
            <p className="font-medium break-all text-slate-900">{certificate.subject}</p>
            <p className="break-all">{t('monitor:certcheck.issuedBy', { issuer: certificate.issuer })}</p>
            <p>{t('monitor:certcheck.validUntil', { date: localDateTime(certificate.validTo), count: certificate.daysLeft })}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The answer of "check now": a clear wait of up to 30 s, then the certificate or why no node could check it. */
export function CertcheckDialog({ target, pending, answer, error, onRetry, onClose }: CertcheckDialogProps) {
  const { t } = useTranslation();
  // Closed, it is not mounted at all: a closed Headless UI dialog still runs layout effects that
  // update state, an urgent re-render that runs the list's effects before its first paint.
  if (target === null) return null;
  return (
    <Dialog open={target !== null} onClose={onClose} className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <DialogPanel data-certcheck-dialog className="relative max-h-[90vh] w-full max-w-lg overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
        <DialogTitle className="mb-4 text-lg font-semibold break-words text-slate-900">{t('monitor:certcheck.title', { name: target?.name ?? '' })}</DialogTitle>
        {pending && <Waiting />}
        {!pending && error !== null && error !== undefined && <Refusal error={error} onRetry={onRetry} />}
        {!pending && answer && <Answer answer={answer} />}
        <div className="mt-6 flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('monitor:dialog.close')}
          </Button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}
