import { createDecipheriv, createHmac, createPublicKey, diffieHellman, generateKeyPairSync, randomBytes, verify, type KeyObject } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createAuthority, createCertificate } from '../../agent/helpers/certificates.js';

/**
 * A push service on 127.0.0.1 for tests: HTTPS with a certificate of its own authority (the server
 * trusts it through VIGIL_PUSH_EXTRA_CA_FILE), recording every push. The decryption (RFC 8291,
 * aes128gcm) and the VAPID check below are written apart from the product code, on purpose.
 */

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushReceiver {
  origin: string;
  caFile: string;
  received: ReceivedPush[];
  /** The answer for the next pushes to a path: default 201. */
  answer: (path: string, status: number, headers?: Record<string, string>) => void;
  /** Resolves once `count` pushes arrived in all (or throws after the timeout). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedPush[]>;
  close: () => Promise<void>;
}

export async function startPushReceiver(dir: string): Promise<PushReceiver> {
  const authority = createAuthority('Vigil Test Push CA');
  const day = 86_400_000;
  const leaf = createCertificate({ commonName: '127.0.0.1', notBefore: new Date(Date.now() - day), notAfter: new Date(Date.now() + day), issuer: authority, altNames: ['127.0.0.1'] });
  const caFile = join(dir, 'push-ca.pem');
  writeFileSync(caFile, authority.certPem);
  const received: ReceivedPush[] = [];
  const answers = new Map<string, { status: number; headers: Record<string, string> }>();
  const waiters: (() => void)[] = [];
  const server: Server = createServer({ key: leaf.keyPem, cert: leaf.chainPem }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      const answer = answers.get(path) ?? { status: 201, headers: {} };
      response.writeHead(answer.status, answer.headers).end();
      waiters.splice(0).forEach((wake) => wake());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const waitFor = async (count: number, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (received.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} pushes, got ${received.length}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
    return received.slice(0, count);
  };
  return {
    origin: `https://127.0.0.1:${port}`,
    caFile,
    received,
    answer: (path, status, headers = {}) => answers.set(path, { status, headers }),
    waitFor,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// --- the browser's side: its keys, and reading what arrived ---

function hmac(key: Buffer, data: Buffer): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** HKDF (RFC 5869) for outputs up to one hash long. */
function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  const prk = hmac(salt, ikm);
  return hmac(prk, Buffer.concat([info, Buffer.of(1)])).subarray(0, length);
}

function rawPublicKey(key: KeyObject): Buffer {
  const jwk = key.export({ format: 'jwk' });
  return Buffer.concat([Buffer.of(4), Buffer.from(jwk.x ?? '', 'base64url'), Buffer.from(jwk.y ?? '', 'base64url')]);
}

function publicKeyOfRaw(raw: Buffer): KeyObject {
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
}

export interface TestSubscriber {
  endpoint: string;
  path: string;
  keys: { p256dh: string; auth: string };
  /** The plaintext of a push body, per RFC 8291 §3.4 and RFC 8188. */
  decrypt: (body: Buffer) => string;
}

export function createSubscriber(origin: string, id: string): TestSubscriber {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const uaPublic = rawPublicKey(publicKey);
  const authSecret = randomBytes(16);
  const path = `/wpush/${id}`;
  const decrypt = (body: Buffer): string => {
    const salt = body.subarray(0, 16);
    const recordSize = body.readUInt32BE(16);
    const keyIdLength = body.readUInt8(20);
    const asPublic = body.subarray(21, 21 + keyIdLength);
    const ciphertext = body.subarray(21 + keyIdLength);
    if (ciphertext.length > recordSize) throw new Error('more than one record');
    const ecdhSecret = diffieHellman({ privateKey, publicKey: publicKeyOfRaw(asPublic) });
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info'), Buffer.of(0), uaPublic, asPublic]);
    const ikm = hkdf(authSecret, ecdhSecret, keyInfo, 32);
    const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\x00'), 16);
    const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\x00'), 12);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    if (padded[end] !== 2) throw new Error('the last record does not end with the 0x02 delimiter');
    return padded.subarray(0, end).toString('utf8');
  };
  return { endpoint: `${origin}${path}`, path, keys: { p256dh: uaPublic.toString('base64url'), auth: authSecret.toString('base64url') }, decrypt };
}

export interface VapidToken {
  header: { typ?: string; alg?: string };
  claims: { aud?: string; exp?: number; sub?: string };
  publicKey: string;
}

/** Reads `Authorization: vapid t=…, k=…` and checks the ES256 signature with k; throws when it does not hold. */
export function verifyVapid(authorization: string | string[] | undefined): VapidToken {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(String(authorization));
  if (!match) throw new Error(`not a VAPID authorization: ${String(authorization)}`);
  const [, header = '', claims = '', signature = '', publicKey = ''] = match;
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKeyOfRaw(Buffer.from(publicKey, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID signature does not verify');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as VapidToken['header'],
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as VapidToken['claims'],
    publicKey,
  };
}
