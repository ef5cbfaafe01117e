import { isIP } from 'node:net';
import { SSL_WARNING_DAYS } from '../../../shared/codes.js';
import { SSL_CHAIN_VERDICTS, type SslChainAnswer, type SslChainVerdict, type SslChainWarning } from '../../../shared/calls/ssl-chain.js';
import { parseCertificate, type ParsedCertificate } from './certificate-facts.js';
import { WEAK_SIGNATURES } from './signature-algorithm.js';

/**
 * The one place a chain is judged, whoever connected (the server or a node's agent): from the
 * certificates as presented, the verifier's code (OpenSSL's, on the side that connected, with its
 * trust store), the name checked and the clock.
 */

export interface ChainEvidence {
  /** DER certificates, leaf first, as the server sent them (or in issuer order when `orderKnown` is false). */
  presented: readonly Uint8Array[];
  orderKnown: boolean;
  /** The TLS socket's authorization error; null when the chain verified. */
  verifyCode: string | null;
  /** The name (or IP address) the leaf must cover. */
  hostname: string;
  now: number;
}

export type ChainAnalysis = Pick<
  SslChainAnswer,
  'verdict' | 'problems' | 'trusted' | 'verifyCode' | 'hostnameMatch' | 'chain' | 'orderKnown' | 'missingIntermediate' | 'misordered' | 'warnings'
>;

const UNKNOWN_ISSUER_CODES = new Set([
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
]);
const HOSTNAME_CODES = new Set(['ERR_TLS_CERT_ALTNAME_INVALID', 'HOSTNAME_MISMATCH', 'IP_ADDRESS_MISMATCH']);
const RSA_BITS_MIN = 2048;

function verifierProblem(code: string | null): SslChainVerdict | null {
  if (code === null || HOSTNAME_CODES.has(code)) return null;
  if (code === 'DEPTH_ZERO_SELF_SIGNED_CERT') return 'self_signed';
  if (code === 'CERT_HAS_EXPIRED') return 'expired';
  if (code === 'CERT_NOT_YET_VALID') return 'not_yet_valid';
  if (UNKNOWN_ISSUER_CODES.has(code)) return 'unknown_issuer';
  return 'untrusted';
}

function matchesHost(leaf: ParsedCertificate, hostname: string): boolean {
  const matched = isIP(hostname) ? leaf.x509.checkIP(hostname) : leaf.x509.checkHost(hostname);
  return matched !== undefined;
}

/** Presented in order: each certificate is issued by the next one. Misordered: an issuer is there, elsewhere. */
function orderOf(chain: readonly ParsedCertificate[]): { misordered: boolean; topIsRoot: boolean; issuerMissing: boolean } {
  let misordered = false;
  chain.forEach((certificate, index) => {
    if (certificate.facts.selfIssued) return;
    const next = chain[index + 1];
    if (next && certificate.x509.checkIssued(next.x509)) return;
    if (chain.some((other, otherIndex) => otherIndex !== index && certificate.x509.checkIssued(other.x509))) misordered = true;
  });
  const issued = (certificate: ParsedCertificate) => certificate.facts.selfIssued || chain.some((other) => other !== certificate && certificate.x509.checkIssued(other.x509));
  return { misordered, topIsRoot: chain.some((certificate) => certificate.facts.selfIssued), issuerMissing: !chain.every(issued) };
}

function validityWarnings(chain: readonly ParsedCertificate[], now: number): SslChainWarning[] {
  return chain.flatMap((certificate, index): SslChainWarning[] => {
    const { daysLeft } = certificate.facts;
    if (Date.parse(certificate.facts.validFrom) > now) return [{ kind: 'not_yet_valid', index, daysLeft }];
    if (daysLeft < 0) return [{ kind: 'expired', index, daysLeft }];
    if (daysLeft <= SSL_WARNING_DAYS) return [{ kind: 'expiring', index, daysLeft }];
    return [];
  });
}

function strengthWarnings(chain: readonly ParsedCertificate[]): SslChainWarning[] {
  return chain.flatMap((certificate, index): SslChainWarning[] => {
    const { facts } = certificate;
    const warnings: SslChainWarning[] = [];
    // A root's own signature is never checked by clients, so only issued certificates count.
    if (!facts.selfIssued && WEAK_SIGNATURES.has(facts.signatureAlgorithm)) warnings.push({ kind: 'weak_signature', index, daysLeft: null });
    if (facts.keyType === 'rsa' && facts.keyBits !== null && facts.keyBits < RSA_BITS_MIN) warnings.push({ kind: 'weak_key', index, daysLeft: null });
    return warnings;
  });
}

const rank = (verdict: SslChainVerdict) => SSL_CHAIN_VERDICTS.indexOf(verdict);

function problemsOf(found: ReadonlyArray<SslChainVerdict | null | false>): SslChainVerdict[] {
  const problems = new Set(found.filter((problem): problem is SslChainVerdict => typeof problem === 'string'));
  return [...problems].sort((a, b) => rank(a) - rank(b));
}

export function analyseChain(evidence: ChainEvidence): ChainAnalysis {
  const chain = evidence.presented.map((der) => parseCertificate(der, evidence.now));
  const leaf = chain[0];
  const warnings = validityWarnings(chain, evidence.now);
  const order = orderOf(chain);
  const verifier = verifierProblem(evidence.verifyCode);
  const hostnameMatch = leaf ? matchesHost(leaf, evidence.hostname) : null;
  const misordered = evidence.orderKnown && order.misordered;
  const missingIntermediate = verifier === 'unknown_issuer' && order.issuerMissing && !order.topIsRoot;
  const problems = problemsOf([
    verifier,
    warnings.some((warning) => warning.kind === 'expired') && 'expired',
    warnings.some((warning) => warning.kind === 'not_yet_valid') && 'not_yet_valid',
    hostnameMatch === false && 'hostname_mismatch',
    misordered && 'misordered',
    !leaf && 'untrusted',
  ]);
  const chainWarnings: SslChainWarning[] = [
    ...(missingIntermediate ? [{ kind: 'missing_intermediate' as const, index: null, daysLeft: null }] : []),
    ...(misordered ? [{ kind: 'misordered' as const, index: null, daysLeft: null }] : []),
  ];
  return {
    verdict: problems[0] ?? 'trusted',
    problems,
    // Clients accept a chain sent out of order; it stays a problem worth fixing.
    trusted: problems.every((problem) => problem === 'misordered'),
    verifyCode: evidence.verifyCode,
    hostnameMatch,
    chain: chain.map((certificate) => certificate.facts),
    orderKnown: evidence.orderKnown,
    missingIntermediate,
    misordered,
    warnings: [...chainWarnings, ...warnings, ...strengthWarnings(chain)],
  };
}
