import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckContext } from '../../../src/agent/checks/types.js';
import { httpCheck, httpsCheck } from '../../../src/agent/checks/http/index.js';
import { HttpOptions, HttpsOptions } from '../../../src/shared/probe/options.js';
import { CheckResult } from '../../../src/shared/probe/results.js';
import { createTestCertificates, type ServerCertificate, type TestCertificates } from '../helpers/certificates.js';
import { BODY, FIRST_BYTE_DELAY_MS, type Running, startHttpServer, startHttpsServer } from '../helpers/servers.js';

const loopback: CheckContext = { allowPrivateTargets: true, matchingIps: [] };

async function check(port: number, path = '/ok', extra: { timeoutMs?: number; host?: string } = {}) {
  const options = HttpsOptions.parse({ type: 4, host: extra.host ?? 'localhost', port, path, timeoutMs: extra.timeoutMs });
  const result = await httpsCheck.run(options, loopback);
  return CheckResult.parse(result) as typeof result;
}

describe('HTTPS check against loopback servers', () => {
  let certificates: TestCertificates;
  const servers: Running[] = [];
  const serve = async (certificate: ServerCertificate): Promise<number> => {
    const server = await startHttpsServer(certificate);
    servers.push(server);
    return server.port;
  };
  beforeAll(() => {
    certificates = createTestCertificates();
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  it('measures DNS, connect, TLS and first byte, and records the certificate', async () => {
    const result = await check(await serve(certificates.selfSigned));
    expect(result.ok).toBe(true);
    expect(result.details).toMatchObject({ statusCode: 200, bodyBytes: BODY.length, redirects: 0 });
    const { dnsMs, connectMs, tlsMs, ttfbMs, totalMs } = result.details?.timings ?? {};
    for (const phase of [dnsMs, connectMs, tlsMs, ttfbMs]) expect(phase).toBeGreaterThan(0);
    expect(totalMs).toBeGreaterThanOrEqual((dnsMs ?? 0) + (connectMs ?? 0) + (tlsMs ?? 0) + (ttfbMs ?? 0));
    expect(result.details?.certificate).toMatchObject({ subject: 'CN=localhost, O=Vigil Test', issuer: 'CN=localhost, O=Vigil Test', daysLeft: 90 });
    expect(result.details?.tlsAuthorized).toBe(false);
    expect(result.details?.tlsAuthorizationError).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
    expect(result.details?.finalUrl).toMatch(/^https:\/\/localhost:\d+\/ok$/);
  });

  it('makes a full handshake on every check, never resuming an earlier session', async () => {
    const reused: boolean[] = [];
    const server = createHttpsServer({ key: certificates.selfSigned.keyPem, cert: certificates.selfSigned.chainPem }, (_req, res) => void res.end('ok'));
    server.on('secureConnection', (socket: TLSSocket) => reused.push(socket.isSessionReused()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    try {
      const port = (server.address() as AddressInfo).port;
      for (let round = 0; round < 3; round += 1) {
        const result = await check(port);
        expect(result.ok).toBe(true);
        expect(result.details?.timings.tlsMs).toBeGreaterThan(0);
      }
      expect(reused).toEqual([false, false, false]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('times a delayed first byte after the handshake', async () => {
    const result = await check(await serve(certificates.selfSigned), '/slow');
    const ttfbMs = result.details?.timings.ttfbMs ?? 0;
    expect(ttfbMs).toBeGreaterThanOrEqual(FIRST_BYTE_DELAY_MS - 1);
    expect(ttfbMs).toBeLessThan(FIRST_BYTE_DELAY_MS + 500);
    expect(ttfbMs).toBeGreaterThan(result.details?.timings.tlsMs ?? Infinity);
  });

  it('still measures a page behind an expired certificate and reports its negative days left', async () => {
    const result = await check(await serve(certificates.expired));
    expect(result.ok).toBe(true);
    expect(result.details?.statusCode).toBe(200);
    expect(result.details?.certificate?.daysLeft).toBe(-2);
    expect(Date.parse(result.details?.certificate?.validTo ?? '')).toBeLessThan(Date.now());
  });

  it('reports the days left of a certificate expiring soon', async () => {
    const result = await check(await serve(certificates.expiringSoon));
    expect(result.details?.certificate?.daysLeft).toBe(3);
  });

  it('records the certificate of the leaf signed by the local authority', async () => {
    const result = await check(await serve(certificates.signedByAuthority));
    expect(result.details?.certificate?.issuer).toBe('CN=Vigil Test Root CA, O=Vigil Test');
  });

  it('answers 000 with tls_error when the port speaks plain HTTP', async () => {
    const plain = await startHttpServer();
    servers.push(plain);
    const result = await check(plain.port, '/ok', { host: '127.0.0.1' });
    expect(result.ok).toBe(false);
    expect(result.failure).toMatchObject({ source: 'target', code: 'tls_error' });
    expect(result.details?.statusCode).toBe('000');
    expect(result.details?.timings.connectMs).toBeGreaterThan(0);
    expect(result.details?.timings.tlsMs).toBeNull();
  });

  it('fails a 500 over TLS as the target', async () => {
    const result = await check(await serve(certificates.selfSigned), '/error');
    expect(result.failure).toMatchObject({ source: 'target', code: 'http_status' });
    expect(result.details?.statusCode).toBe(500);
    expect(result.details?.certificate).not.toBeNull();
  });

  it('follows a redirect from plain HTTP to HTTPS and records the certificate met on the way', async () => {
    const securePort = await serve(certificates.expiringSoon);
    const redirector = await startHttpServer((_req, res) => void res.writeHead(301, { Location: `https://localhost:${securePort}/ok` }).end());
    servers.push(redirector);
    const options = HttpOptions.parse({ type: 3, host: 'localhost', port: redirector.port, path: '/' });
    const checked = await httpCheck.run(options, loopback);
    const result = CheckResult.parse(checked) as typeof checked;
    expect(result.ok).toBe(true);
    expect(result.details).toMatchObject({ statusCode: 200, redirects: 1, finalUrl: `https://localhost:${securePort}/ok` });
    expect(result.details?.certificate?.daysLeft).toBe(3);
    expect(result.details?.timings.tlsMs).toBeGreaterThan(0);
  });
});
