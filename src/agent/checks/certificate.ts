import type { DetailedPeerCertificate, PeerCertificate } from 'node:tls';
import type { CertificateSummary } from '../../shared/probe/results.js';

const DAY_MS = 86_400_000;

type DistinguishedName = PeerCertificate['subject'] | undefined;

/** Whole days until `validTo`, rounded down: negative once expired, 0 on its last day. */
export function daysLeftUntil(validTo: Date, now: Date = new Date()): number {
  return Math.floor((validTo.getTime() - now.getTime()) / DAY_MS);
}

function partsOf(name: DistinguishedName, key: string): string[] {
  const value = (name as Record<string, string | string[] | undefined> | undefined)?.[key];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((part) => `${key}=${part}`);
}

/** A readable name from its common name and organisation ("CN=example.com, O=Example"). */
export function readableNameOf(name: DistinguishedName): string {
  const preferred = [...partsOf(name, 'CN'), ...partsOf(name, 'O')];
  if (preferred.length > 0) return preferred.join(', ');
  return Object.keys(name ?? {})
    .flatMap((key) => partsOf(name, key))
    .join(', ');
}

function isoDateOf(text: string): string {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

/** Whether the peer sent a certificate at all (Node answers an empty object when none). */
export function hasCertificate(cert: PeerCertificate | undefined): cert is PeerCertificate {
  return cert !== undefined && typeof cert.fingerprint256 === 'string' && cert.fingerprint256.length > 0;
}

export function summarizeCertificate(cert: PeerCertificate, now: Date = new Date()): CertificateSummary {
  const validTo = new Date(cert.valid_to);
  return {
    subject: readableNameOf(cert.subject),
    issuer: readableNameOf(cert.issuer),
    validFrom: isoDateOf(cert.valid_from),
    validTo: isoDateOf(cert.valid_to),
    daysLeft: Number.isNaN(validTo.getTime()) ? 0 : daysLeftUntil(validTo, now),
    fingerprint256: cert.fingerprint256,
  };
}

/**
 * The chain the peer presented, leaf first, following each issuer; it stops at a self-issued
 * certificate (Node links a root to itself) or at any certificate already seen.
 */
export function certificateChainOf(peer: DetailedPeerCertificate, now: Date = new Date()): CertificateSummary[] {
  return linkedCertificates(peer).map((certificate) => summarizeCertificate(certificate, now));
}

function linkedCertificates(peer: DetailedPeerCertificate): DetailedPeerCertificate[] {
  const chain: DetailedPeerCertificate[] = [];
  const seen = new Set<string>();
  let current: DetailedPeerCertificate | undefined = peer;
  while (hasCertificate(current) && !seen.has(current.fingerprint256)) {
    seen.add(current.fingerprint256);
    chain.push(current);
    current = current.issuerCertificate;
  }
  return chain;
}

/** The same chain as base64 DER, for the server's chain analysis (the SSL chain checker). */
export function rawCertificateChainOf(peer: DetailedPeerCertificate): string[] {
  return linkedCertificates(peer).map((certificate) => certificate.raw.toString('base64'));
}
