import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Budget } from '../../../src/agent/checks/clock.js';
import { runHop } from '../../../src/agent/checks/http/hop.js';
import { httpCheck } from '../../../src/agent/checks/http/index.js';
import { initialUrlOf, redirectTargetOf } from '../../../src/agent/checks/http/url.js';
import { HttpOptions } from '../../../src/shared/probe/options.js';
import { BODY, ipv6LoopbackAvailable, type Running, startHttpServer } from '../helpers/servers.js';

/**
 * Every hop of an HTTP check goes through the private-range guard, whatever spelling the
 * redirect uses: `http://[::ffff:127.0.0.1]/` (which the URL parser rewrites to `[::ffff:7f00:1]`)
 * is loopback too.
 */

let server: Running;
const requested: string[] = [];

function redirectingToMappedLoopback(req: IncomingMessage, res: ServerResponse): void {
  requested.push(req.url ?? '');
  if (req.url === '/start') return void res.writeHead(302, { Location: `http://[::ffff:127.0.0.1]:${server.port}/ok` }).end();
  if (req.url === '/ok') return void res.writeHead(200).end(BODY);
  res.writeHead(404).end();
}

beforeAll(async () => {
  server = await startHttpServer(redirectingToMappedLoopback);
});
afterAll(() => server.close());

const hop = (url: URL, allowPrivateTargets: boolean) =>
  runHop({ url, method: 'GET', maxBodyBytes: 10_000, allowPrivateTargets, budget: new Budget(10_000) });

describe('a redirect to an IPv4-mapped loopback address', () => {
  it('is refused on a node that does not allow private targets, and the target is never contacted', async () => {
    requested.length = 0;
    const start = initialUrlOf({ host: '127.0.0.1', port: server.port, path: '/start' }, false);
    if (!start) throw new Error('no start URL');
    const first = await hop(start, true);
    expect(first.statusCode).toBe(302);
    const next = redirectTargetOf(first.statusCode ?? '000', first.location, start);
    expect(next?.hostname).toBe('[::ffff:7f00:1]');
    if (!next) return;

    const refused = await hop(next, false);
    expect(refused.failure).toEqual({ source: 'probe', code: 'target_not_allowed' });
    expect(refused.statusCode).toBeNull();
    expect(requested).toEqual(['/start']);
  });

  it('is the loopback server itself: followed only where private targets are allowed', async () => {
    if (!(await ipv6LoopbackAvailable())) return;
    requested.length = 0;
    const options = HttpOptions.parse({ type: 3, host: '127.0.0.1', port: server.port, path: '/start' });
    const result = await httpCheck.run(options, { allowPrivateTargets: true, matchingIps: [] });
    expect(result).toMatchObject({ ok: true, details: { statusCode: 200, redirects: 1, finalUrl: `http://[::ffff:7f00:1]:${server.port}/ok` } });
    expect(requested).toEqual(['/start', '/ok']);
  });
});
