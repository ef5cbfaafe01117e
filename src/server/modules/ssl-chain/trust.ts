import { readFileSync } from 'node:fs';
import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';
import { ConfigError, type SslChainConfig } from '../../config.js';

const contexts = new Map<string, SecureContext>();

function readExtraCa(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`VIGIL_SSL_CHAIN_EXTRA_CA_FILE cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}): ${file}`);
  }
}

/**
 * The trust store the server's checks verify against: the system's (Node's bundled roots and
 * NODE_EXTRA_CA_CERTS), plus the configured extra authorities. One context per file, built once,
 * and TLS version limit, built once, since building it parses every root.
 */
export function trustContextOf(config: SslChainConfig, tls12Only: boolean): SecureContext {
  const key = `${tls12Only ? '1.2' : 'any'} ${config.extraCaFile ?? ''}`;
  let context = contexts.get(key);
  if (!context) {
    // A given context's versions are its own: the socket's maxVersion would be ignored beside it.
    const versions = tls12Only ? { maxVersion: 'TLSv1.2' as const } : {};
    context = createSecureContext(config.extraCaFile === undefined ? versions : { ...versions, ca: [...rootCertificates, readExtraCa(config.extraCaFile)] });
    contexts.set(key, context);
  }
  return context;
}
