import { z } from 'zod';
import type { InputErrorCode } from '../errors.js';
import { isDomain, isDomainOrIP, isIPv6 } from '../validation/predicates.js';
import { Timestamp } from './common.js';
import { defineCall } from './define.js';

/**
 * POST /ssl/chain: the SSL chain checker. Connects to host[:port] (443 unless given), optionally
 * with another SNI name, from the server or from one node's agent, and answers the chain as the
 * server presented it, analysed: each certificate, the trust verdict with its reason, whether the
 * name matches, missing or misordered intermediates and expiry warnings (§9: one week).
 */

export const SSL_CHAIN_DEFAULT_PORT = 443;
/** Longest host[:port] text: a 253-character name, a colon and five digits (or a bracketed IPv6 address). */
export const SSL_CHAIN_TARGET_MAX = 260;
/** Each step from the server (resolve; connect and handshake; the TLS 1.3 retry) gives up after this. */
export const SSL_CHAIN_STEP_MS = 5_000;
/** The longest a check from the server takes: three steps. A node's answer is awaited longer (its job waits for a poll). */
export const SSL_CHAIN_TIMEOUT_MS = 3 * SSL_CHAIN_STEP_MS;
export const SSL_CHAIN_NODE_WAIT_MS = 30_000;

export type HostPort = { ok: true; host: string; port: number } | { ok: false; code: InputErrorCode };

const PORT_DIGITS = /^\d{1,9}$/;

function portOf(text: string | undefined): { port: number } | { code: InputErrorCode } {
  if (text === undefined) return { port: SSL_CHAIN_DEFAULT_PORT };
  if (!PORT_DIGITS.test(text)) return { code: 10010004 };
  const port = Number(text);
  return port >= 1 && port <= 65_535 ? { port } : { code: 10010003 };
}

function splitHostPort(text: string): { host: string; port: string | undefined } {
  const bracketed = /^\[([^\]]+)\](?::(.*))?$/.exec(text);
  if (bracketed) return { host: bracketed[1] ?? '', port: bracketed[2] };
  // A bare IPv6 address has several colons and no port.
  if (isIPv6(text)) return { host: text, port: undefined };
  const colon = text.lastIndexOf(':');
  return colon < 0 ? { host: text, port: undefined } : { host: text.slice(0, colon), port: text.slice(colon + 1) };
}

/** Reads `host`, `host:port`, `[ipv6]`, `[ipv6]:port` or a bare IPv6 address; the port is 1-65535. */
export function parseHostPort(input: string): HostPort {
  const text = input.trim();
  if (text.length === 0) return { ok: false, code: 10010002 };
  if (text.length > SSL_CHAIN_TARGET_MAX) return { ok: false, code: 10010005 };
  const { host, port: portText } = splitHostPort(text);
  // Brackets are for IPv6 addresses only, as in URLs.
  if (!isDomainOrIP(host) || (text.startsWith('[') && !isIPv6(host))) return { ok: false, code: 10010004 };
  const port = portOf(portText);
  return 'port' in port ? { ok: true, host, port: port.port } : { ok: false, code: port.code };
}

export const SslChainBody = z.strictObject({
  /** host[:port], as typed. */
  host: z.string().superRefine((value, ctx) => {
    const parsed = parseHostPort(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: String(parsed.code) });
  }),
  /** The name sent as SNI and checked against the certificate; the host when absent. */
  sni: z
    .string()
    .max(253, { message: '10010005' })
    .refine((value) => value.trim() === '' || isDomain(value.trim()), { message: '10010004' })
    .optional(),
  /** Check from this node's agent; from the server when absent. */
  nodeId: z.number({ message: '10010001' }).int({ message: '10010001' }).positive({ message: '10010003' }).optional(),
});
export type SslChainBody = z.input<typeof SslChainBody>;

/** Why a chain is or is not trusted, most serious first (the verdict is the first that applies). */
export const SSL_CHAIN_VERDICTS = [
  'not_tls',
  'not_yet_valid',
  'expired',
  'self_signed',
  'unknown_issuer',
  'hostname_mismatch',
  'untrusted',
  'misordered',
  'trusted',
] as const;
export type SslChainVerdict = (typeof SSL_CHAIN_VERDICTS)[number];

/** Why no chain could be read: each is said in words by the console. */
export const SSL_CHAIN_CONNECTION_FAILURES = [
  'dns_failure',
  'refused',
  'timeout',
  'unreachable',
  'reset',
  'not_tls',
  'tls_error',
  'target_not_allowed',
] as const;
export type SslChainConnectionFailure = (typeof SSL_CHAIN_CONNECTION_FAILURES)[number];

export const SSL_CHAIN_WARNINGS = ['expired', 'expiring', 'not_yet_valid', 'missing_intermediate', 'misordered', 'weak_signature', 'weak_key'] as const;
export type SslChainWarningKind = (typeof SSL_CHAIN_WARNINGS)[number];

export const SslChainCertificate = z.object({
  subject: z.string(),
  issuer: z.string(),
  validFrom: Timestamp,
  validTo: Timestamp,
  /** Whole days until validTo, rounded down: negative once expired. */
  daysLeft: z.number().int(),
  /** Subject alternative names as written in the certificate (`DNS:…`, `IP Address:…`). */
  sans: z.array(z.string()),
  /** rsa, ec, ed25519, … */
  keyType: z.string(),
  keyBits: z.number().int().nullable(),
  /** The named curve of an EC key. */
  curve: z.string().nullable(),
  signatureAlgorithm: z.string(),
  fingerprint256: z.string(),
  isCa: z.boolean(),
  /** Issued by itself (a root, or a self-signed leaf). */
  selfIssued: z.boolean(),
});
export type SslChainCertificate = z.infer<typeof SslChainCertificate>;

export const SslChainWarning = z.object({
  kind: z.enum(SSL_CHAIN_WARNINGS),
  /** Which certificate of `chain` it is about; null for the chain as a whole. */
  index: z.number().int().nullable(),
  daysLeft: z.number().int().nullable(),
});
export type SslChainWarning = z.infer<typeof SslChainWarning>;

export const SslChainAnswer = z.object({
  host: z.string(),
  port: z.number().int(),
  /** The name sent as SNI and matched against the leaf; null for an IP address without SNI. */
  servername: z.string().nullable(),
  /** Null: checked from the server. */
  nodeId: z.number().int().nullable(),
  checkedAt: Timestamp,
  ip: z.string().nullable(),
  /** The TLS version negotiated. */
  protocol: z.string().nullable(),
  /** Why no chain was read; null when the handshake completed. */
  failure: z.enum(SSL_CHAIN_CONNECTION_FAILURES).nullable(),
  /** What the connection reported, for the curious (never shown alone). */
  failureDetail: z.string().nullable(),
  verdict: z.enum(SSL_CHAIN_VERDICTS),
  /** Every reason that applies, most serious first; empty when trusted. */
  problems: z.array(z.enum(SSL_CHAIN_VERDICTS)),
  trusted: z.boolean(),
  /** The verifier's own code (OpenSSL's), kept beside the words. */
  verifyCode: z.string().nullable(),
  /** Whether the leaf names `servername` (or the IP); null without a leaf. */
  hostnameMatch: z.boolean().nullable(),
  /** As the server sent them, leaf first. */
  chain: z.array(SslChainCertificate),
  /** False when the order could not be read (TLS 1.3 only servers): `chain` is then in issuer order. */
  orderKnown: z.boolean(),
  missingIntermediate: z.boolean(),
  misordered: z.boolean(),
  warnings: z.array(SslChainWarning),
});
export type SslChainAnswer = z.infer<typeof SslChainAnswer>;

export const sslChainCalls = {
  sslChainCheck: defineCall({
    method: 'POST',
    path: '/ssl/chain',
    summary:
      'The SSL chain checker: the chain host[:port] (443 unless given) presents, optionally for another SNI name, seen from the server ' +
      'or from one node (`nodeId`): each certificate, the trust verdict and its reasons, hostname match, missing or misordered ' +
      'intermediates and expiry warnings (one week). Connection failures are answers (`failure`). 1001 bad host, port or SNI; ' +
      '2140 a private address or localhost where private targets are not allowed; 2304 unknown node, 2554 its agent offline or did ' +
      'not take the check, 2555 busy, 504 no answer in time.',
    body: SslChainBody,
    answer: SslChainAnswer,
    access: 'session',
    mutation: false,
    area: 'monitor',
  }),
} as const;
