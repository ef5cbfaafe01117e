/**
 * Every reason a check result can carry, as constants without zod, so the console reads them
 * without the schemas: the agent can only report these (the results schema is built from them),
 * and the console has a text for each in every language (tests/client/failure-text.test.ts).
 */

/** Where a check failed: the target, the resolver, or the probe node itself. */
export const FAILURE_SOURCES = ['target', 'resolver', 'probe'] as const;
export type FailureSource = (typeof FAILURE_SOURCES)[number];

/** Why a check failed, machine-readable. */
export const FAILURE_CODES = [
  'timeout',
  'refused',
  'unreachable',
  'reset',
  'dns_nxdomain',
  'dns_servfail',
  'dns_refused',
  'dns_no_answer',
  'dns_error',
  'tls_error',
  'certificate_invalid',
  'certificate_expired',
  'http_status',
  'too_many_redirects',
  'body_too_large',
  'target_not_allowed',
  'tool_missing',
  'tool_error',
  'ip_not_matched',
  'packet_loss',
] as const;
export type FailureCode = (typeof FAILURE_CODES)[number];

/**
 * Why a certificate chain did not verify for its name: what Node reports as a TLS socket's
 * `authorizationError` (OpenSSL's X509 verification errors, and the host name check), which the
 * agent passes on as is in `authorizationError`/`tlsAuthorizationError`. A value outside this
 * list (a newer Node) still reaches the console, which reads it as "not trusted".
 */
export const TLS_VERIFY_ERRORS = [
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_CRL',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'UNABLE_TO_DECRYPT_CRL_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
  'CERT_SIGNATURE_FAILURE',
  'CRL_SIGNATURE_FAILURE',
  'CERT_NOT_YET_VALID',
  'CERT_HAS_EXPIRED',
  'CRL_NOT_YET_VALID',
  'CRL_HAS_EXPIRED',
  'ERROR_IN_CERT_NOT_BEFORE_FIELD',
  'ERROR_IN_CERT_NOT_AFTER_FIELD',
  'ERROR_IN_CRL_LAST_UPDATE_FIELD',
  'ERROR_IN_CRL_NEXT_UPDATE_FIELD',
  'OUT_OF_MEM',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'CERT_CHAIN_TOO_LONG',
  'CERT_REVOKED',
  'INVALID_CA',
  'PATH_LENGTH_EXCEEDED',
  'INVALID_PURPOSE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'HOSTNAME_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
] as const;
export type TlsVerifyError = (typeof TLS_VERIFY_ERRORS)[number];
