import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckContext } from '../../../src/agent/checks/types.js';
import { sslCheck } from '../../../src/agent/checks/ssl/index.js';
import { SSL_STATUS } from '../../../src/shared/codes.js';
import { SslOptions } from '../../../src/shared/probe/options.js';
import { CheckResult, TLS_VERIFY_ERRORS } from '../../../src/shared/probe/results.js';
import { X509Certificate } from 'node:crypto';
import { createAuthority, createCertificate, createIntermediate, createTestCertificates, type ServerCertificate, type TestCertificates } from '../helpers/certificates.js';
import { closedPort, type Running, startHttpServer, startTcpListener, startTlsListener } from '../helpers/servers.js';

const loopback: CheckContext = { allowPrivateTargets: true, matchingIps: [] };

async function check(port: number, host = 'localhost', ctx = loopback) {
  const result = await sslCheck.run(SslOptions.parse({ type: 7, host, port, timeoutMs: 5_000 }), ctx);
  return CheckResult.parse(result) as typeof result;
}

describe('SSL check against loopback TLS servers', () => {
  let certificates: TestCertificates;
  const servers: Running[] = [];
  const serve = async (certificate: ServerCertificate): Promise<number> => {
    const server = await startTlsListener(certificate);
    servers.push(server);
    return server.port;
  };
  beforeAll(() => {
    certificates = createTestCertificates();
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  it('reports a valid certificate as not expired, with its chain leaf to authority', async () => {
    const result = await check(await serve(certificates.signedByAuthority));
    expect(result.ok).toBe(true);
    expect(result.failure).toBeNull();
    expect(result.details?.sslStatus).toBe(SSL_STATUS.NOT_EXPIRED);
    expect(result.details?.certificate).toMatchObject({ subject: 'CN=localhost, O=Vigil Test', issuer: 'CN=Vigil Test Root CA, O=Vigil Test', daysLeft: 90 });
    expect(result.details?.chain.map((cert) => cert.subject)).toEqual(['CN=localhost, O=Vigil Test', 'CN=Vigil Test Root CA, O=Vigil Test']);
    // The local authority is not in the system trust store.
    expect(result.details?.authorized).toBe(false);
    expect(result.details?.authorizationError).toBe('SELF_SIGNED_CERT_IN_CHAIN');
    // The console has words for every verification error in this shared list.
    expect(TLS_VERIFY_ERRORS).toContain(result.details?.authorizationError);
    expect(result.details?.ip).toBe(result.resolvedIps[0]);
  });

  it('with rawChain, answers the chain in the order the server sent it (a misordered one too) and that the order is known', async () => {
    const root = createAuthority('Vigil Order Root');
    const intermediate = createIntermediate(root, 'Vigil Order Intermediate');
    const leaf = createCertificate({ commonName: 'localhost', notBefore: new Date(Date.now() - 86_400_000), notAfter: new Date(Date.now() + 30 * 86_400_000), issuer: intermediate });
    const port = await serve({ ...leaf, chainPem: leaf.certPem + root.certPem + intermediate.certPem });
    const run = async (rawChain: boolean) => CheckResult.parse(await sslCheck.run(SslOptions.parse({ type: 7, host: 'localhost', port, timeoutMs: 5_000, rawChain }), loopback));
    const subjectsOf = (chain: string[] | undefined) => (chain ?? []).map((der) => new X509Certificate(Buffer.from(der, 'base64')).subject.split('\n').find((part) => part.startsWith('CN=')));
    const details = (await run(true)).details as { presentedChain?: string[]; orderKnown?: boolean; rawChain?: string[] };
    expect(details.orderKnown).toBe(true);
    expect(subjectsOf(details.presentedChain)).toEqual(['CN=localhost', 'CN=Vigil Order Root', 'CN=Vigil Order Intermediate']);
    // rawChain stays Node's issuer-linked chain, as older servers read it.
    expect(subjectsOf(details.rawChain).slice(0, 2)).toEqual(['CN=localhost', 'CN=Vigil Order Intermediate']);
    const plain = (await run(false)).details as { presentedChain?: string[]; orderKnown?: boolean };
    expect(plain.presentedChain).toBeUndefined();
    expect(plain.orderKnown).toBeUndefined();
  });

  it('records a self-signed certificate as unauthorized with the reason, and the check completes', async () => {
    const result = await check(await serve(certificates.selfSigned));
    expect(result.ok).toBe(true);
    expect(result.details).toMatchObject({ authorized: false, authorizationError: 'DEPTH_ZERO_SELF_SIGNED_CERT', sslStatus: SSL_STATUS.NOT_EXPIRED });
    expect(TLS_VERIFY_ERRORS).toContain(result.details?.authorizationError);
    expect(result.details?.chain).toHaveLength(1);
  });

  it('warns about a certificate expiring within a week but stays ok', async () => {
    const result = await check(await serve(certificates.expiringSoon));
    expect(result.ok).toBe(true);
    expect(result.details?.certificate?.daysLeft).toBe(3);
    expect(result.details?.sslStatus).toBe(SSL_STATUS.EXPIRING);
  });

  it('completes with a target failure for an expired certificate', async () => {
    const result = await check(await serve(certificates.expired));
    expect(result.ok).toBe(false);
    expect(result.failure).toEqual({ source: 'target', code: 'certificate_expired' });
    expect(result.details?.certificate?.daysLeft).toBe(-2);
    expect(result.details?.sslStatus).toBe(SSL_STATUS.EXPIRED);
    expect(Date.parse(result.details?.certificate?.validTo ?? '')).toBeLessThan(Date.now());
  });

  it('fails with tls_error when the target answers in plain HTTP', async () => {
    const plain = await startHttpServer();
    servers.push(plain);
    const result = await check(plain.port, '127.0.0.1');
    expect(result.ok).toBe(false);
    expect(result.failure).toMatchObject({ source: 'target', code: 'tls_error' });
    expect(result.details).toBeNull();
  });

  it('times out when the target accepts but never answers the handshake', async () => {
    const silent = await startTcpListener();
    servers.push(silent);
    const result = await sslCheck.run(SslOptions.parse({ type: 7, host: '127.0.0.1', port: silent.port, timeoutMs: 300 }), loopback);
    expect(result.failure).toMatchObject({ source: 'target', code: 'timeout' });
    expect(result.resolvedIps).toEqual(['127.0.0.1']);
  });

  it('reports a closed port as refused', async () => {
    const result = await check(await closedPort());
    expect(result.failure).toMatchObject({ source: 'target', code: 'refused' });
    expect(result.details).toBeNull();
  });

  it('refuses a loopback target unless private targets are allowed', async () => {
    const result = await check(await serve(certificates.selfSigned), 'localhost', { allowPrivateTargets: false, matchingIps: [] });
    expect(result.failure).toMatchObject({ source: 'probe', code: 'target_not_allowed' });
  });
});
