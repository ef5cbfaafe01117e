import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './helpers.js';

// A console directory shaped like `npm run build` leaves it: the page, the service worker, the
// manifest, icons, hashed chunks and geometry with their compressed twins.
const INDEX_HTML = '<!doctype html><html><head><title>Vigil</title><link rel="manifest" href="/manifest.webmanifest"></head><body></body></html>';
const ENTRY = `console.log(${JSON.stringify('x'.repeat(2000))});`;
const GEOMETRY = JSON.stringify({ type: 'FeatureCollection', features: [] });

function writeBuiltConsole(dir: string): void {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  mkdirSync(join(dir, 'icons'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dir, 'registerSW.js'), 'navigator.serviceWorker.register("/sw.js");');
  writeFileSync(join(dir, 'workbox-3f2a1b.js'), '// workbox runtime');
  writeFileSync(join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'Vigil', start_url: '/overview' }));
  writeFileSync(join(dir, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), ENTRY);
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(ENTRY));
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(ENTRY));
  writeFileSync(join(dir, 'assets', 'index-Ef56Gh78.css'), 'body{margin:0}');
  writeFileSync(join(dir, 'assets', 'geo-china-0123456789.json'), GEOMETRY);
}

let server: TestServer;
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'vigil-client-'));
  writeBuiltConsole(clientDir);
  server = await createTestServer({ VIGIL_CLIENT_DIR: clientDir });
});
afterAll(async () => {
  await server.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

describe('cache headers of the built console', () => {
  it('never lets a browser keep the page, the service worker, the manifest or the registration script without asking', async () => {
    for (const url of ['/', '/index.html', '/overview', '/monitor/3?size=100', '/sw.js', '/registerSW.js', '/workbox-3f2a1b.js', '/manifest.webmanifest', '/icons/icon-192.png']) {
      const answer = await get(url);
      expect([url, answer.statusCode, answer.headers['cache-control']]).toEqual([url, 200, 'no-cache']);
    }
  });

  it('keeps hashed assets for a year, unchanged', async () => {
    for (const url of ['/assets/index-Ab12Cd34.js', '/assets/index-Ef56Gh78.css', '/assets/geo-china-0123456789.json']) {
      const answer = await get(url);
      expect([url, answer.statusCode, answer.headers['cache-control']]).toEqual([url, 200, 'public, max-age=31536000, immutable']);
    }
  });

  it('serves the service worker as a script and the manifest as a web manifest', async () => {
    expect((await get('/sw.js')).headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect((await get('/manifest.webmanifest')).headers['content-type']).toMatch(/^application\/manifest\+json/);
  });
});

describe('compressed assets', () => {
  it('sends the brotli or gzip twin to a browser that accepts it, and the plain file otherwise', async () => {
    const brotli = await server.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(ENTRY);

    const gzip = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(ENTRY);

    const plain = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ENTRY);

    const noTwin = await get('/assets/index-Ef56Gh78.css', { 'accept-encoding': 'gzip, br' });
    expect([noTwin.statusCode, noTwin.headers['content-encoding'], noTwin.body]).toEqual([200, undefined, 'body{margin:0}']);
  });
});

describe('paths that are not files', () => {
  it('answer client routes with the shell, but a missing hashed file with 404 rather than HTML', async () => {
    const route = await get('/nodes');
    expect([route.statusCode, route.body]).toEqual([200, INDEX_HTML]);
    const gone = await get('/assets/index-OldHash1.js');
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).not.toMatch(/html/);
    expect(gone.headers['cache-control']).toBe('no-cache');
  });
});
