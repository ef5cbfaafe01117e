import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

/** Certificates for loopback TLS servers, with any validity dates (node-forge signs; Node makes the keys). */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface Authority {
  keyPem: string;
  certPem: string;
  key: forge.pki.rsa.PrivateKey;
  cert: forge.pki.Certificate;
}

export interface ServerCertificate {
  keyPem: string;
  certPem: string;
  /** Leaf first, then its issuers: what a server sends as its chain. */
  chainPem: string;
  notBefore: Date;
  notAfter: Date;
}

export interface CertificateRequest {
  commonName: string;
  notBefore: Date;
  notAfter: Date;
  /** Signs with this authority; self-signed when absent. */
  issuer?: Authority;
  altNames?: string[];
  organization?: string;
}

let serial = 1;

function rsaKeys(): { keyPem: string; key: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const key = forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey;
  return { keyPem, key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e) };
}

function build(request: CertificateRequest, isAuthority: boolean): Authority & { notBefore: Date; notAfter: Date } {
  const keys = rsaKeys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = (serial++).toString(16).padStart(4, '0');
  cert.validity.notBefore = request.notBefore;
  cert.validity.notAfter = request.notAfter;
  const subject = [{ name: 'commonName', value: request.commonName }, { name: 'organizationName', value: request.organization ?? 'Vigil Test' }];
  cert.setSubject(subject);
  cert.setIssuer(request.issuer ? request.issuer.cert.subject.attributes : subject);
  const altNames = (request.altNames ?? ['localhost', '127.0.0.1']).map((name) =>
    /^[\d.]+$/.test(name) ? { type: 7, ip: name } : { type: 2, value: name },
  );
  cert.setExtensions(
    isAuthority
      ? [{ name: 'basicConstraints', cA: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true }]
      : [{ name: 'basicConstraints', cA: false }, { name: 'keyUsage', digitalSignature: true, keyEncipherment: true }, { name: 'extKeyUsage', serverAuth: true }, { name: 'subjectAltName', altNames }],
  );
  cert.sign(request.issuer?.key ?? keys.key, forge.md.sha256.create());
  return { keyPem: keys.keyPem, certPem: forge.pki.certificateToPem(cert), key: keys.key, cert, notBefore: request.notBefore, notAfter: request.notAfter };
}

export function createAuthority(commonName = 'Vigil Test Root CA', now = new Date()): Authority {
  return build({ commonName, notBefore: new Date(now.getTime() - DAY_MS), notAfter: new Date(now.getTime() + 3650 * DAY_MS) }, true);
}

/** An intermediate authority issued by `issuer`, valid for ten years. */
export function createIntermediate(issuer: Authority, commonName = 'Vigil Test Intermediate CA', now = new Date()): Authority {
  return build({ commonName, notBefore: new Date(now.getTime() - DAY_MS), notAfter: new Date(now.getTime() + 3650 * DAY_MS), issuer }, true);
}

export function createCertificate(request: CertificateRequest): ServerCertificate {
  const built = build(request, false);
  const chainPem = request.issuer ? built.certPem + request.issuer.certPem : built.certPem;
  return { keyPem: built.keyPem, certPem: built.certPem, chainPem, notBefore: built.notBefore, notAfter: built.notAfter };
}

/** A leaf valid from a day ago until `now` plus the given time; the hour keeps whole-day counts stable. */
function leafEndingIn(ms: number, issuer?: Authority, now = new Date()): ServerCertificate {
  return createCertificate({ commonName: 'localhost', notBefore: new Date(now.getTime() - 30 * DAY_MS), notAfter: new Date(now.getTime() + ms), issuer });
}

export interface TestCertificates {
  authority: Authority;
  /** Self-signed, valid for 90 days. */
  selfSigned: ServerCertificate;
  /** Self-signed, expired 2 days ago (daysLeft -2). */
  expired: ServerCertificate;
  /** Self-signed, expiring in 3 days (daysLeft 3). */
  expiringSoon: ServerCertificate;
  /** Signed by the local authority, valid for 90 days; its chain is leaf then authority. */
  signedByAuthority: ServerCertificate;
}

export function createTestCertificates(now = new Date()): TestCertificates {
  const authority = createAuthority(undefined, now);
  return {
    authority,
    selfSigned: leafEndingIn(90 * DAY_MS + HOUR_MS, undefined, now),
    expired: leafEndingIn(-2 * DAY_MS + HOUR_MS, undefined, now),
    expiringSoon: leafEndingIn(3 * DAY_MS + HOUR_MS, undefined, now),
    signedByAuthority: leafEndingIn(90 * DAY_MS + HOUR_MS, authority, now),
  };
}
