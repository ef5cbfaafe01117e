import { createCipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';

/**
 * RFC 8291 message encryption for web push, "aes128gcm" content coding (RFC 8188): a fresh P-256
 * key pair and salt per message, the shared secret mixed with the subscription's authentication
 * secret, one record whose plaintext ends with the last-record delimiter 0x02.
 */

/** Record size announced in the header; one record holds the whole message. */
const RECORD_SIZE = 4096;
const TAG_BYTES = 16;
const HEADER_BYTES = 16 + 4 + 1 + 65;
/** Largest plaintext one push can carry (push services accept 4096-byte bodies). */
export const MAX_PUSH_PLAINTEXT = RECORD_SIZE - HEADER_BYTES - TAG_BYTES - 1;

const LAST_RECORD_DELIMITER = 0x02;

function hkdf(ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
}

export interface PushKeys {
  /** The browser's P-256 public key (uncompressed, 65 bytes). */
  p256dh: Buffer;
  /** The browser's 16-byte authentication secret. */
  auth: Buffer;
}

/** For tests of the wire format: fixes the otherwise random sender key and salt. */
export interface EncryptionSeed {
  senderPrivateKey?: Buffer;
  salt?: Buffer;
}

/** The request body of one push: header (salt, record size, sender public key) and the sealed record. */
export function encryptPushPayload(plaintext: Buffer, keys: PushKeys, seed: EncryptionSeed = {}): Buffer {
  if (plaintext.length > MAX_PUSH_PLAINTEXT) throw new RangeError(`push payload of ${plaintext.length} bytes exceeds ${MAX_PUSH_PLAINTEXT}`);
  const sender = createECDH('prime256v1');
  if (seed.senderPrivateKey) sender.setPrivateKey(seed.senderPrivateKey);
  else sender.generateKeys();
  const senderPublic = sender.getPublicKey();
  const sharedSecret = sender.computeSecret(keys.p256dh);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.p256dh, senderPublic]);
  const ikm = hkdf(sharedSecret, keys.auth, keyInfo, 32);
  const salt = seed.salt ?? randomBytes(16);
  const contentKey = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const cipher = createCipheriv('aes-128-gcm', contentKey, nonce);
  const sealed = Buffer.concat([cipher.update(plaintext), cipher.update(Buffer.of(LAST_RECORD_DELIMITER)), cipher.final(), cipher.getAuthTag()]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(senderPublic.length, 20);
  return Buffer.concat([header, senderPublic, sealed]);
}
