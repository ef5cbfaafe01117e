import { X509Certificate } from 'node:crypto';
import type { SslChainCertificate } from '../../../shared/calls/ssl-chain.js';
import { signatureAlgorithmOf } from './signature-algorithm.js';

const DAY_MS = 86_400_000;

const CURVE_BITS: Record<string, number> = { prime256v1: 256, 'P-256': 256, secp384r1: 384, 'P-384': 384, secp521r1: 521, 'P-521': 521, secp256k1: 256 };
const EDWARDS_BITS: Record<string, number> = { ed25519: 256, ed448: 456 };

/** "CN=a\nO=b" (Node's form) as "CN=a, O=b". */
const oneLine = (name: string) => name.split('\n').filter(Boolean).join(', ');

/** `DNS:a, DNS:b, IP Address:1.2.3.4` as a list (Node quotes a value holding a comma). */
export function sansOf(text: string | undefined): string[] {
  if (!text) return [];
  return (text.match(/(?:[^,"]|"(?:[^"\\]|\\.)*")+/g) ?? []).map((part) => part.trim()).filter(Boolean);
}

function keyOf(certificate: X509Certificate): Pick<SslChainCertificate, 'keyType' | 'keyBits' | 'curve'> {
  const key = certificate.publicKey;
  const type = key.asymmetricKeyType ?? 'unknown';
  const details = key.asymmetricKeyDetails ?? {};
  if (details.modulusLength !== undefined) return { keyType: type, keyBits: details.modulusLength, curve: null };
  if (details.namedCurve !== undefined) return { keyType: type, keyBits: CURVE_BITS[details.namedCurve] ?? null, curve: details.namedCurve };
  return { keyType: type, keyBits: EDWARDS_BITS[type] ?? null, curve: null };
}

/**
 * Issued by itself: its own name as issuer and signed by its own key. (checkIssued would also ask
 * for the certificate-signing key usage, which a self-signed leaf usually lacks.)
 */
function isSelfIssued(x509: X509Certificate): boolean {
  if (x509.subject !== x509.issuer) return false;
  try {
    return x509.verify(x509.publicKey);
  } catch {
    return false;
  }
}

export interface ParsedCertificate {
  x509: X509Certificate;
  facts: SslChainCertificate;
}

/** Whole days until `validTo`, rounded down: negative once expired, 0 on its last day. */
export const daysLeftOf = (validToMs: number, now: number) => Math.floor((validToMs - now) / DAY_MS);

/** What the checker shows of one certificate, from Node's X509Certificate. */
export function parseCertificate(der: Uint8Array, now: number): ParsedCertificate {
  const x509 = new X509Certificate(der);
  const validFrom = new Date(x509.validFrom).getTime();
  const validTo = new Date(x509.validTo).getTime();
  return {
    x509,
    facts: {
      subject: oneLine(x509.subject),
      issuer: oneLine(x509.issuer),
      validFrom: new Date(validFrom).toISOString(),
      validTo: new Date(validTo).toISOString(),
      daysLeft: daysLeftOf(validTo, now),
      sans: sansOf(x509.subjectAltName),
      ...keyOf(x509),
      signatureAlgorithm: signatureAlgorithmOf(der),
      fingerprint256: x509.fingerprint256,
      isCa: x509.ca,
      selfIssued: isSelfIssued(x509),
    },
  };
}
