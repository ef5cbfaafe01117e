import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveTarget } from '../../../src/server/modules/ssl-chain/resolve-target.js';
import { SslChainAnswer } from '../../../src/shared/calls/ssl-chain.js';
import { adminLogin, createTestServer, otherCustomerSession, type TestServer } from '../helpers.js';
import { createChainAuthorities, GOOD_NAME, leafOf, serveChain, servePlainHttp, serveSilently, writeTrustedRoot, type ChainAuthorities, type RunningTarget } from './chain-targets.js';

// The SSL chain checker from the server against loopback TLS servers whose chains the test makes:
// a test root trusted through VIGIL_SSL_CHAIN_EXTRA_CA_FILE, an intermediate, and leaves.

let server: TestServer;
let token: string;
let authorities: ChainAuthorities;
let caDir: string;
const targets: RunningTarget[] = [];

beforeAll(async () => {
  authorities = createChainAuthorities();
  caDir = mkdtempSync(join(tmpdir(), 'vigil-chain-ca-'));
  server = await createTestServer({ VIGIL_SSL_CHAIN_EXTRA_CA_FILE: writeTrustedRoot(caDir, authorities), VIGIL_SSL_CHAIN_ALLOW_PRIVATE_TARGETS: '1' });
  token = await server.login();
});
afterAll(async () => {
  await server.close();
  await Promise.all(targets.splice(0).map((target) => target.close()));
  rmSync(caDir, { recursive: true, force: true });
});

async function check(body: object, as = token) {
  const response = await server.call('/ssl/chain', { token: as, body });
  return response.json<{ code: number; data: unknown }>();
}

async function checked(body: object): Promise<SslChainAnswer> {
  const answer = await check(body);
  expect(answer.code, JSON.stringify(answer)).toBe(200);
  return SslChainAnswer.parse(answer.data);
}

async function serve(keyPem: string, chain: string[]): Promise<number> {
  const target = await serveChain(keyPem, chain);
  targets.push(target);
  return target.port;
}

/** A leaf of the intermediate, valid for `days`, served with the given chain after it. */
async function serveLeaf(days: number, chainAfterLeaf: (a: ChainAuthorities) => string[]) {
  const leaf = leafOf({ days, issuer: authorities.intermediate });
  return { leaf, port: await serve(leaf.keyPem, [leaf.certPem, ...chainAfterLeaf(authorities)]) };
}

describe('the SSL chain checker from the server', () => {
  it('reads a good chain in the order sent, every certificate in full, trusted for its name', async () => {
    const { leaf, port } = await serveLeaf(90, (a) => [a.intermediate.certPem]);
    const answer = await checked({ host: `127.0.0.1:${port}`, sni: GOOD_NAME });
    expect(answer).toMatchObject({
      host: '127.0.0.1',
      port,
      servername: GOOD_NAME,
      nodeId: null,
      ip: '127.0.0.1',
      protocol: 'TLSv1.2',
      failure: null,
      verdict: 'trusted',
      problems: [],
      trusted: true,
      verifyCode: null,
      hostnameMatch: true,
      orderKnown: true,
      missingIntermediate: false,
      misordered: false,
      warnings: [],
    });
    expect(answer.chain).toHaveLength(2);
    expect(answer.chain[0]).toMatchObject({
      subject: `CN=${GOOD_NAME}, O=Vigil Test`,
      issuer: 'CN=Vigil Chain Test Intermediate, O=Vigil Test',
      daysLeft: 90,
      sans: [`DNS:${GOOD_NAME}`],
      keyType: 'rsa',
      keyBits: 2048,
      curve: null,
      signatureAlgorithm: 'sha256WithRSAEncryption',
      fingerprint256: new X509Certificate(leaf.certPem).fingerprint256,
      isCa: false,
      selfIssued: false,
    });
    expect(answer.chain[1]).toMatchObject({ subject: 'CN=Vigil Chain Test Intermediate, O=Vigil Test', issuer: 'CN=Vigil Chain Test Root, O=Vigil Test', isCa: true });
  });

  it('says an intermediate is missing when the server sends the leaf alone', async () => {
    const { port } = await serveLeaf(90, () => []);
    const answer = await checked({ host: `127.0.0.1:${port}`, sni: GOOD_NAME });
    expect(answer).toMatchObject({ verdict: 'unknown_issuer', trusted: false, missingIntermediate: true, hostnameMatch: true });
    expect(answer.verifyCode).toMatch(/UNABLE_TO/);
    expect(answer.chain).toHaveLength(1);
    expect(answer.warnings).toContainEqual({ kind: 'missing_intermediate', index: null, daysLeft: null });
  });

  it('says an expired leaf is expired, with its days', async () => {
    const { port } = await serveLeaf(-3, (a) => [a.intermediate.certPem]);
    const answer = await checked({ host: `127.0.0.1:${port}`, sni: GOOD_NAME });
    expect(answer).toMatchObject({ verdict: 'expired', problems: ['expired'], trusted: false, verifyCode: 'CERT_HAS_EXPIRED' });
    expect(answer.chain[0]?.daysLeft).toBe(-3);
    expect(answer.warnings).toEqual([{ kind: 'expired', index: 0, daysLeft: -3 }]);
  });

  it('warns a week ahead of expiry while the chain is still trusted', async () => {
    const { port } = await serveLeaf(3, (a) => [a.intermediate.certPem]);
    const answer = await checked({ host: `127.0.0.1:${port}`, sni: GOOD_NAME });
    expect(answer).toMatchObject({ verdict: 'trusted', trusted: true });
    expect(answer.warnings).toEqual([{ kind: 'expiring', index: 0, daysLeft: 3 }]);
  });

  it('says the name does not match when asked for another host', async () => {
    const { port } = await serveLeaf(90, (a) => [a.intermediate.certPem]);
    const answer = await checked({ host: `127.0.0.1:${port}`, sni: 'shop.vigil.test' });
    expect(answer).toMatchObject({ servername: 'shop.vigil.test', verdict: 'hostname_mismatch', problems: ['hostname_mismatch'], trusted: false, hostnameMatch: false });
  });

  it('checks an IP address without SNI against the leaf\'s IP names', async () => {
    const { port } = await serveLeaf(90, (a) => [a.intermediate.certPem]);
    const answer = await checked({ host: `127.0.0.1:${port}` });
    expect(answer).toMatchObject({ servername: null, verdict: 'hostname_mismatch', hostnameMatch: false });
  });

  it('says a self-signed certificate is self-signed', async () => {
    const leaf = leafOf({ days: 90 });
    const port = await serve(leaf.keyPem, [leaf.certPem]);
    const answer = await checked({ host: `127.0.0.1:${port}`, sni: GOOD_NAME });
    expect(answer).toMatchObject({ verdict: 'self_signed', trusted: false, verifyCode: 'DEPTH_ZERO_SELF_SIGNED_CERT', missingIntermediate: false });
    expect(answer.chain).toHaveLength(1);
    expect(answer.chain[0]?.selfIssued).toBe(true);
  });

  it('says a chain sent out of order is misordered, though clients still trust it', async () => {
    const { port } = await serveLeaf(90, (a) => [a.root.certPem, a.intermediate.certPem]);
    const answer = await checked({ host: `127.0.0.1:${port}`, sni: GOOD_NAME });
    expect(answer).toMatchObject({ verdict: 'misordered', problems: ['misordered'], trusted: true, misordered: true, orderKnown: true });
    expect(answer.chain.map((certificate) => certificate.subject)).toEqual([
      `CN=${GOOD_NAME}, O=Vigil Test`,
      'CN=Vigil Chain Test Root, O=Vigil Test',
      'CN=Vigil Chain Test Intermediate, O=Vigil Test',
    ]);
  });

  it('reads a TLS 1.3-only server too, its chain then in issuer order', async () => {
    const leaf = leafOf({ days: 90, issuer: authorities.intermediate });
    const target = await serveChain(leaf.keyPem, [leaf.certPem, authorities.intermediate.certPem], { tls13Only: true });
    targets.push(target);
    const answer = await checked({ host: `127.0.0.1:${target.port}`, sni: GOOD_NAME });
    expect(answer).toMatchObject({ protocol: 'TLSv1.3', orderKnown: false, verdict: 'trusted', misordered: false });
    expect(answer.chain[0]?.subject).toBe(`CN=${GOOD_NAME}, O=Vigil Test`);
  });

  it('answers connection failures in words: refused, not TLS, DNS failure', async () => {
    const closed = await servePlainHttp();
    await closed.close();
    expect(await checked({ host: `127.0.0.1:${closed.port}` })).toMatchObject({ failure: 'refused', verdict: 'untrusted', trusted: false, chain: [] });

    const plain = await servePlainHttp();
    targets.push(plain);
    expect(await checked({ host: `127.0.0.1:${plain.port}` })).toMatchObject({ failure: 'not_tls', verdict: 'not_tls', chain: [] });

    expect(await checked({ host: 'no-such-host.invalid' })).toMatchObject({ failure: 'dns_failure', ip: null });
  });

  it('gives up on a server that never answers the handshake, as a timeout', async () => {
    const silent = await serveSilently();
    targets.push(silent);
    expect(await checked({ host: `127.0.0.1:${silent.port}` })).toMatchObject({ failure: 'timeout', verdict: 'untrusted', chain: [] });
  });

  it('refuses bad input with catalogue codes', async () => {
    const fieldCode = async (body: object) => {
      const answer = await check(body);
      expect(answer.code).toBe(1001);
      return (answer.data as { errors: { field: string; code: number }[] }).errors[0];
    };
    expect(await fieldCode({ host: '' })).toEqual({ field: 'host', code: 10010002 });
    expect(await fieldCode({ host: '   ' })).toEqual({ field: 'host', code: 10010002 });
    expect(await fieldCode({ host: 'example.com:70000' })).toEqual({ field: 'host', code: 10010003 });
    expect(await fieldCode({ host: 'example.com:0' })).toEqual({ field: 'host', code: 10010003 });
    expect(await fieldCode({ host: 'example.com:https' })).toEqual({ field: 'host', code: 10010004 });
    expect(await fieldCode({ host: 'not a host' })).toEqual({ field: 'host', code: 10010004 });
    expect(await fieldCode({ host: 'example.com', sni: 'bad name!' })).toEqual({ field: 'sni', code: 10010004 });
    expect(await fieldCode({ host: 'example.com', nodeId: 0 })).toEqual({ field: 'nodeId', code: 10010003, params: { min: 0 } });
  });

  it('reads host forms: a bracketed IPv6 address with a port, 443 by default', async () => {
    const answer = await checked({ host: '[::1]:1' });
    expect(answer).toMatchObject({ host: '::1', port: 1, failure: 'refused' });
  });

  it('is a read: an administrator viewing the customer and another customer may use it', async () => {
    const { port } = await serveLeaf(90, (a) => [a.intermediate.certPem]);
    const admin = await adminLogin(server);
    const asAdmin = await check({ host: `127.0.0.1:${port}`, sni: GOOD_NAME }, admin);
    expect(asAdmin.code).toBe(200);
    expect(asAdmin.data).toMatchObject({ verdict: 'trusted' });
    const other = await otherCustomerSession(server);
    const asOther = await check({ host: `127.0.0.1:${port}`, sni: GOOD_NAME }, other.token);
    expect(asOther.data).toMatchObject({ verdict: 'trusted' });
    expect((await server.call('/ssl/chain', { body: { host: 'example.com' } })).statusCode).toBe(401);
  });
});

describe('private targets from the server', () => {
  it('refuses a name resolving to a loopback address in words, where private targets are not allowed', async () => {
    expect(await resolveTarget('localhost', false, 5_000)).toEqual({ ok: false, failure: 'target_not_allowed', detail: null });
    expect(await resolveTarget('localhost', true, 5_000)).toMatchObject({ ok: true });
  });

  it('follows the tasks\' rule: refused (2140) unless the operator allowed them', async () => {
    const strict = await createTestServer();
    try {
      const strictToken = await strict.login();
      for (const host of ['127.0.0.1:443', '10.0.0.1', 'intranet.localhost']) {
        const answer = (await strict.call('/ssl/chain', { token: strictToken, body: { host } })).json<{ code: number; data: unknown }>();
        expect(answer.code, host).toBe(2140);
        expect(answer.data).toMatchObject({ errors: [{ field: 'host', code: 10010003 }] });
      }
    } finally {
      await strict.close();
    }
  });
});
