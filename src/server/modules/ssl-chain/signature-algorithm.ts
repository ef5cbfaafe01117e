/**
 * The signature algorithm of a DER certificate. Node 20's X509Certificate does not expose it (it
 * came in Node 23), so this reads the one field it needs: Certificate ::= SEQUENCE {
 * tbsCertificate SEQUENCE, signatureAlgorithm SEQUENCE { algorithm OBJECT IDENTIFIER, … }, … }.
 */

const SEQUENCE = 0x30;
const OBJECT_IDENTIFIER = 0x06;

const NAMES: Record<string, string> = {
  '1.2.840.113549.1.1.4': 'md5WithRSAEncryption',
  '1.2.840.113549.1.1.5': 'sha1WithRSAEncryption',
  '1.2.840.113549.1.1.10': 'RSASSA-PSS',
  '1.2.840.113549.1.1.11': 'sha256WithRSAEncryption',
  '1.2.840.113549.1.1.12': 'sha384WithRSAEncryption',
  '1.2.840.113549.1.1.13': 'sha512WithRSAEncryption',
  '1.2.840.10045.4.1': 'ecdsa-with-SHA1',
  '1.2.840.10045.4.3.2': 'ecdsa-with-SHA256',
  '1.2.840.10045.4.3.3': 'ecdsa-with-SHA384',
  '1.2.840.10045.4.3.4': 'ecdsa-with-SHA512',
  '1.3.101.112': 'Ed25519',
  '1.3.101.113': 'Ed448',
};

/** Signatures no client should trust any more. */
export const WEAK_SIGNATURES = new Set(['md5WithRSAEncryption', 'sha1WithRSAEncryption', 'ecdsa-with-SHA1']);

interface Element {
  tag: number;
  contentStart: number;
  end: number;
}

function elementAt(der: Uint8Array, offset: number): Element | null {
  const tag = der[offset];
  const first = der[offset + 1];
  if (tag === undefined || first === undefined) return null;
  let length = first;
  let contentStart = offset + 2;
  if (first & 0x80) {
    const lengthBytes = first & 0x7f;
    if (lengthBytes === 0 || lengthBytes > 4) return null;
    length = 0;
    for (let index = 0; index < lengthBytes; index++) length = length * 256 + (der[contentStart + index] ?? 0);
    contentStart += lengthBytes;
  }
  const end = contentStart + length;
  return end <= der.length ? { tag, contentStart, end } : null;
}

function oidText(bytes: Uint8Array): string {
  const first = bytes[0] ?? 0;
  const parts = [Math.floor(first / 40), first % 40];
  let value = 0;
  for (const byte of bytes.subarray(1)) {
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) {
      parts.push(value);
      value = 0;
    }
  }
  return parts.join('.');
}

/** Its name when known, its dotted OID otherwise, `unknown` when the DER cannot be read. */
export function signatureAlgorithmOf(der: Uint8Array): string {
  const certificate = elementAt(der, 0);
  if (certificate?.tag !== SEQUENCE) return 'unknown';
  const tbs = elementAt(der, certificate.contentStart);
  if (tbs?.tag !== SEQUENCE) return 'unknown';
  const algorithm = elementAt(der, tbs.end);
  if (algorithm?.tag !== SEQUENCE) return 'unknown';
  const oid = elementAt(der, algorithm.contentStart);
  if (oid?.tag !== OBJECT_IDENTIFIER) return 'unknown';
  const text = oidText(der.subarray(oid.contentStart, oid.end));
  return NAMES[text] ?? text;
}
