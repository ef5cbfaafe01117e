import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SslChainCertificate } from '../../../../shared/index.js';
import { dateTimeText, roleOf } from '../chain-text.js';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[11rem_1fr] sm:gap-3">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-slate-800">{children}</dd>
    </div>
  );
}

function DaysLeft({ days }: { days: number }) {
  const { t } = useTranslation();
  if (days < 0) return <span className="font-medium text-status-error">{t('sslchain:chain.expiredAgo', { days: -days })}</span>;
  return <span className={days <= 7 ? 'font-medium text-status-warning' : ''}>{t('sslchain:chain.daysLeft', { days })}</span>;
}

function keyText(certificate: SslChainCertificate, t: (key: string, options?: Record<string, unknown>) => string): string {
  const type = certificate.keyType.toUpperCase();
  if (certificate.curve !== null) return t('sslchain:chain.keyCurve', { type, curve: certificate.curve });
  if (certificate.keyBits !== null) return t('sslchain:chain.keyBits', { type, bits: certificate.keyBits });
  return type;
}

/** One certificate of the chain, in the order the chain shows it. */
export function CertificateCard({ certificate, index }: { certificate: SslChainCertificate; index: number }) {
  const { t } = useTranslation();
  const role = roleOf(certificate, index);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" aria-label={`${t('sslchain:chain.position', { n: index + 1 })} ${certificate.subject}`}>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">{t('sslchain:chain.position', { n: index + 1 })}</span>
        <span className="text-xs font-medium text-slate-600">{t(`sslchain:chain.${role}`)}</span>
        {certificate.selfIssued && role !== 'root' && <span className="text-xs font-medium text-status-error">{t('sslchain:chain.selfSigned')}</span>}
      </div>
      <dl className="flex flex-col gap-2">
        <Row label={t('sslchain:chain.subject')}>{certificate.subject}</Row>
        <Row label={t('sslchain:chain.issuer')}>{certificate.issuer}</Row>
        <Row label={t('sslchain:chain.validity')}>
          {t('sslchain:chain.validRange', { from: dateTimeText(certificate.validFrom), to: dateTimeText(certificate.validTo) })} · <DaysLeft days={certificate.daysLeft} />
        </Row>
        <Row label={t('sslchain:chain.sans')}>{certificate.sans.length > 0 ? certificate.sans.join(', ') : t('sslchain:chain.noSans')}</Row>
        <Row label={t('sslchain:chain.key')}>{keyText(certificate, t)}</Row>
        <Row label={t('sslchain:chain.signature')}>{certificate.signatureAlgorithm}</Row>
        <Row label={t('sslchain:chain.fingerprint')}>
          <code className="font-mono text-xs break-all">{certificate.fingerprint256}</code>
        </Row>
      </dl>
    </li>
  );
}
