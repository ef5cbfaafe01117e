/**
 * The certificates a TLS server presented, in the order it sent them, read from the bytes it sent.
 * Node's TLS socket links the peer's chain by issuer (and may add a root from the trust store), so
 * the order on the wire is lost there; a TLS 1.2 (or older) Certificate handshake message travels
 * in clear and holds it. TLS 1.3 encrypts it: then there is no answer here.
 */

/**
 * OpenSSL's codes for a peer that will not speak the TLS version offered: a TLS 1.3-only server
 * asked with TLS 1.2 at most. The server's and the agent's capture then ask again without the limit.
 */
export const TLS_PROTOCOL_VERSION_ERRORS: ReadonlySet<string> = new Set(['ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION', 'ERR_SSL_UNSUPPORTED_PROTOCOL', 'ERR_SSL_NO_PROTOCOLS_AVAILABLE']);

const RECORD_HEADER = 5;
const CONTENT_HANDSHAKE = 22;
const CONTENT_ALERT = 21;
const HANDSHAKE_CERTIFICATE = 11;
const HANDSHAKE_HEADER = 4;

const uint16 = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
const uint24 = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 16) | ((bytes[at + 1] ?? 0) << 8) | (bytes[at + 2] ?? 0);

/** The handshake layer: the payloads of the clear handshake records, joined; it stops at the first encrypted or other record. */
function handshakeBytes(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  let offset = 0;
  while (offset + RECORD_HEADER <= bytes.length) {
    const type = bytes[offset];
    const length = uint16(bytes, offset + 3);
    const end = offset + RECORD_HEADER + length;
    if (end > bytes.length) break;
    if (type === CONTENT_HANDSHAKE) parts.push(bytes.subarray(offset + RECORD_HEADER, end));
    else if (type !== CONTENT_ALERT) break;
    offset = end;
  }
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}

function certificateList(body: Uint8Array): Uint8Array[] | null {
  const total = uint24(body, 0);
  if (total + 3 > body.length) return null;
  const certificates: Uint8Array[] = [];
  let offset = 3;
  while (offset + 3 <= total + 3) {
    const length = uint24(body, offset);
    if (offset + 3 + length > total + 3) return null;
    certificates.push(body.subarray(offset + 3, offset + 3 + length));
    offset += 3 + length;
  }
  return certificates;
}

/** Whether the first bytes a server sent look like TLS at all (a handshake or an alert record). */
export function looksLikeTls(bytes: Uint8Array): boolean {
  return bytes.length === 0 || bytes[0] === CONTENT_HANDSHAKE || bytes[0] === CONTENT_ALERT;
}

/** The DER certificates of the server's Certificate message, in the order sent; null when the bytes hold none in clear. */
export function presentedCertificates(serverBytes: Uint8Array): Uint8Array[] | null {
  const handshake = handshakeBytes(serverBytes);
  let offset = 0;
  while (offset + HANDSHAKE_HEADER <= handshake.length) {
    const type = handshake[offset];
    const length = uint24(handshake, offset + 1);
    const end = offset + HANDSHAKE_HEADER + length;
    if (end > handshake.length) return null;
    if (type === HANDSHAKE_CERTIFICATE) return certificateList(handshake.subarray(offset + HANDSHAKE_HEADER, end));
    offset = end;
  }
  return null;
}
