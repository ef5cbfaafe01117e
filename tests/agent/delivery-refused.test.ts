import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Delivery } from '../../src/agent/delivery.js';
import { silentLogger } from '../../src/agent/log.js';
import { Spool } from '../../src/agent/spool.js';
import { createTransport } from '../../src/agent/transport.js';
import { ResultItem } from '../../src/shared/calls/agent-work.js';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import { waitFor } from './helpers/agent-harness.js';

/**
 * Batches leave the agent unchecked (the server validates them). When the server refuses a batch,
 * the agent finds the items the contract refuses, drops and counts them, and sends the rest.
 */

interface Received {
  dropped: number;
  taskIds: number[];
}

let server: Server | undefined;
let dir: string | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** An API stand-in that refuses (400) any batch holding an item the contract refuses, and stores the rest. */
async function validatingServer(): Promise<{ url: string; received: Received[]; refused: () => number }> {
  const received: Received[] = [];
  let refused = 0;
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { dropped: number; results: unknown[] };
      const answer = (status: number, data: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status: status === 200, code: status, name: '', message: '', data }));
      if (!body.results.every((item) => ResultItem.safeParse(item).success)) {
        refused += 1;
        return answer(400, null);
      }
      received.push({ dropped: body.dropped, taskIds: body.results.map((item) => (item as ResultItem).taskId) });
      answer(200, { accepted: body.results.length, rejected: 0, duplicate: false });
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, refused: () => refused };
}

const tcpResult = (taskId: number): ResultItem => ({
  taskId,
  taskVersion: 1,
  result: {
    type: MONITOR_TYPES.TCP,
    ok: true,
    startedAt: new Date().toISOString(),
    durationMs: 0.5,
    failure: null,
    resolvedIps: ['127.0.0.1'],
    ipMatched: null,
    details: { ip: '127.0.0.1', port: 80, connectMs: 0.2 },
  },
});

async function deliverOnce(results: ResultItem[], onDelivered?: (results: readonly ResultItem[]) => void) {
  const api = await validatingServer();
  dir = mkdtempSync(join(tmpdir(), 'vigil-delivery-'));
  const spool = new Spool<ResultItem>(dir);
  spool.append(results);
  const delivery = new Delivery({ spool, transport: createTransport({ serverUrl: api.url, key: 'k' }), logger: silentLogger, onKeyRefused: () => undefined, ...(onDelivered ? { onDelivered } : {}) });
  delivery.start();
  await waitFor('the batch to leave the spool', () => spool.size === 0);
  await delivery.stop();
  return { ...api, spool };
}

describe('delivery of a batch the server refuses', () => {
  it('drops and counts the items the contract refuses and delivers the others once', async () => {
    const broken = { ...tcpResult(2), result: { ...tcpResult(2).result, durationMs: 'fast' } } as unknown as ResultItem;
    const { received, refused, spool } = await deliverOnce([tcpResult(1), broken, tcpResult(3)]);
    expect(refused()).toBe(1);
    expect(received).toEqual([{ dropped: 1, taskIds: [1, 3] }]);
    expect(spool.droppedCount()).toBe(0);
  });

  it('delivers a valid batch on the first call and says which results the server stored', async () => {
    const stored: number[] = [];
    const { received, refused } = await deliverOnce([tcpResult(1), tcpResult(2)], (results) => stored.push(...results.map((item) => item.taskId)));
    expect(refused()).toBe(0);
    expect(received).toEqual([{ dropped: 0, taskIds: [1, 2] }]);
    expect(stored).toEqual([1, 2]);
  });
});
