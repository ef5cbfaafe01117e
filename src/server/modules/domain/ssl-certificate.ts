import { z } from 'zod';
import { sslStatusOf, type SslStatus } from '../../../shared/codes.js';
import { isoTime, parseJsonColumn } from '../../db/columns.js';
import { CertificateSummary } from '../../../shared/probe/results.js';

const DAY_MS = 86_400_000;

export interface CertificateNow {
  validFromMs: number | null;
  validToMs: number;
  /** Whole days left counted now, rounded down as agents count them: negative once expired. */
  daysLeft: number;
  sslStatus: SslStatus;
  certificate: CertificateSummary;
}

/** A certificate's expiry as it stands now (the days an agent counted age with every hour). */
export function certificateNow(certificate: CertificateSummary, now: number): CertificateNow {
  const validTo = Date.parse(certificate.validTo);
  const validFrom = Date.parse(certificate.validFrom);
  const daysLeft = Number.isNaN(validTo) ? certificate.daysLeft : Math.floor((validTo - now) / DAY_MS);
  return {
    validFromMs: Number.isNaN(validFrom) ? null : validFrom,
    validToMs: Number.isNaN(validTo) ? now + certificate.daysLeft * DAY_MS : validTo,
    daysLeft,
    sslStatus: sslStatusOf(daysLeft),
    certificate,
  };
}

// Only the parts the SSL screens show are read, so a result stored under an older contract still reads.
const StoredSslCheck = z.object({
  details: z
    .object({ certificate: CertificateSummary.nullable().catch(null), authorized: z.boolean().nullable().catch(null) })
    .nullable()
    .catch(null),
});

/** The certificate and its trust from a stored SSL result; null when the check saw none. */
export function storedCertificate(details: string | null): { certificate: CertificateSummary; authorized: boolean | null } | null {
  const stored = parseJsonColumn(StoredSslCheck, details)?.details;
  if (!stored?.certificate) return null;
  return { certificate: stored.certificate, authorized: stored.authorized };
}

/** What the SSL screens show of a certificate; every field null when there is none. */
export interface CertificateFields {
  validTo: string | null;
  daysLeft: number | null;
  sslStatus: SslStatus | null;
  issuer: string | null;
  subject: string | null;
}

export const NO_CERTIFICATE: CertificateFields = { validTo: null, daysLeft: null, sslStatus: null, issuer: null, subject: null };

export function certificateFieldsOf(current: CertificateNow | null): CertificateFields {
  if (!current) return NO_CERTIFICATE;
  const { daysLeft, sslStatus, certificate } = current;
  return { validTo: isoTime(current.validToMs), daysLeft, sslStatus, issuer: certificate.issuer, subject: certificate.subject };
}
