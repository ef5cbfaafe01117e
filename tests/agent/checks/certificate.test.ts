import { connect, type DetailedPeerCertificate } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateChainOf, daysLeftUntil, readableNameOf, summarizeCertificate } from '../../../src/agent/checks/certificate.js';
import { CertificateSummary } from '../../../src/shared/probe/results.js';
import { createTestCertificates, type TestCertificates } from '../helpers/certificates.js';
import { type Running, startTlsListener } from '../helpers/servers.js';

const DAY_MS = 86_400_000;

describe('days left until expiry', () => {
  const now = new Date('2025-06-01T12:00:00Z');
  it.each([
    [new Date(now.getTime() + 3 * DAY_MS + 1), 3],
    [new Date(now.getTime() + 3 * DAY_MS - 1), 2],
    [new Date(now.getTime() + 60_000), 0],
    [new Date(now.getTime() - 60_000), -1],
    [new Date(now.getTime() - 2 * DAY_MS + 3_600_000), -2],
  ])('until %s is %i', (validTo, days) => {
    expect(daysLeftUntil(validTo, now)).toBe(days);
  });
});

describe('readable names', () => {
  it('prefers the common name and organisation', () => {
    expect(readableNameOf({ C: 'TW', CN: 'example.com', O: 'Example Ltd' } as never)).toBe('CN=example.com, O=Example Ltd');
  });
  it('falls back to every field when neither is present', () => {
    expect(readableNameOf({ C: 'TW', OU: 'Ops' } as never)).toBe('C=TW, OU=Ops');
  });
});

async function peerOf(port: number): Promise<DetailedPeerCertificate> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, servername: 'localhost', rejectUnauthorized: false }, () => {
      resolve(socket.getPeerCertificate(true));
      socket.destroy();
    });
    socket.once('error', reject);
  });
}

describe('certificates presented by a loopback TLS server', () => {
  let certificates: TestCertificates;
  let signed: Running;
  let selfSigned: Running;
  beforeAll(async () => {
    certificates = createTestCertificates();
    signed = await startTlsListener(certificates.signedByAuthority);
    selfSigned = await startTlsListener(certificates.selfSigned);
  });
  afterAll(async () => {
    await signed.close();
    await selfSigned.close();
  });

  it('summarises the leaf: names, validity as ISO dates, days left, fingerprint', async () => {
    const summary = summarizeCertificate(await peerOf(signed.port));
    expect(CertificateSummary.parse(summary)).toEqual(summary);
    expect(summary.subject).toBe('CN=localhost, O=Vigil Test');
    expect(summary.issuer).toBe('CN=Vigil Test Root CA, O=Vigil Test');
    expect(Date.parse(summary.validTo)).toBe(Math.floor(certificates.signedByAuthority.notAfter.getTime() / 1000) * 1000);
    expect(summary.validFrom).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(summary.daysLeft).toBe(90);
    expect(summary.fingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  });

  it('walks the chain from the leaf to the authority and stops at the self-issued root', async () => {
    const chain = certificateChainOf(await peerOf(signed.port));
    expect(chain.map((cert) => cert.subject)).toEqual(['CN=localhost, O=Vigil Test', 'CN=Vigil Test Root CA, O=Vigil Test']);
    expect(chain[1]?.issuer).toBe(chain[1]?.subject);
  });

  it('gives a chain of one for a self-signed certificate', async () => {
    const chain = certificateChainOf(await peerOf(selfSigned.port));
    expect(chain).toHaveLength(1);
    expect(chain[0]?.daysLeft).toBe(90);
  });
});
