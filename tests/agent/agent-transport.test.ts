import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { KeyRefusedError, TransportError, createTransport } from '../../src/agent/transport.js';
import { closedPort } from './helpers/servers.js';

/** A loopback server standing in for the API: answers from a script, records what it received. */
interface Seen {
  path: string;
  authorization: string | undefined;
  body: unknown;
}

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function scripted(answers: { status: number; body: unknown }[]): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString() || 'null') });
      const answer = answers[Math.min(seen.length - 1, answers.length - 1)] ?? { status: 500, body: null };
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const ok = (data: unknown) => ({ status: 200, body: { status: true, code: 200, name: 'OK', message: '', data } });
const fast = { baseMs: 10, maxMs: 20 };

describe('agent transport', () => {
  it('sends the validated body with the node key under /api and parses the answer', async () => {
    const { url, seen } = await scripted([ok({ version: 3, full: true, assignments: [], removed: [] })]);
    const transport = createTransport({ serverUrl: url, key: 'vgn_k', backoff: fast });
    expect(await transport.call('agentAssignments', { sinceVersion: 0 })).toEqual({ version: 3, full: true, assignments: [], removed: [] });
    expect(seen).toEqual([{ path: '/api/agent/assignments', authorization: 'Bearer vgn_k', body: { sinceVersion: 0 } }]);
  });

  it('retries 5xx with backoff, then succeeds', async () => {
    const busy = { status: 503, body: { status: false, code: 503, name: 'SERVICE_UNAVAILABLE', message: '', data: null } };
    const { url, seen } = await scripted([busy, busy, ok({ completed: 1 })]);
    const transport = createTransport({ serverUrl: url, key: 'k', backoff: fast });
    expect(await transport.call('agentAcknowledge', { acks: [{ taskId: 1, taskVersion: 1 }] })).toEqual({ completed: 1 });
    expect(seen).toHaveLength(3);
  });

  it('stops at a refused key without retrying', async () => {
    const { url, seen } = await scripted([{ status: 401, body: { status: false, code: 2308, name: 'NODE_AUTHENTICATION_FAILED', message: '', data: null } }]);
    const transport = createTransport({ serverUrl: url, key: 'wrong', backoff: fast });
    await expect(transport.call('agentJobs', { waitMs: 0 })).rejects.toBeInstanceOf(KeyRefusedError);
    expect(seen).toHaveLength(1);
  });

  it('sends nothing when the body breaks the contract, and says so', async () => {
    const { url, seen } = await scripted([ok({ accepted: 0, rejected: 0, duplicate: false })]);
    const transport = createTransport({ serverUrl: url, key: 'k', backoff: fast });
    const error = await transport.call('agentResults', { batchId: 'not-a-uuid', dropped: 0, results: [] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).kind).toBe('invalid_body');
    expect(seen).toHaveLength(0);
  });

  it('sends a body the caller answers for without checking it, leaving the check to the server', async () => {
    const { url, seen } = await scripted([ok({ accepted: 0, rejected: 0, duplicate: false })]);
    const transport = createTransport({ serverUrl: url, key: 'k', backoff: fast });
    const body = { batchId: 'not-a-uuid', dropped: 0, results: [] };
    await transport.call('agentResults', body, { bodyChecked: true });
    expect(seen.map((request) => request.body)).toEqual([body]);
  });

  it('reports a server that is not there as a retryable network error', async () => {
    const transport = createTransport({ serverUrl: `http://127.0.0.1:${await closedPort()}`, key: 'k', backoff: fast });
    const error = await transport.call('agentJobs', { waitMs: 0 }, { attempts: 2 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).kind).toBe('network');
    expect((error as TransportError).retryable).toBe(true);
  });
});
