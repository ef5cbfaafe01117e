import { describe, expect, it } from 'vitest';
import { ProgressSender } from '../../src/agent/job-progress.js';
import { silentLogger } from '../../src/agent/log.js';
import type { Transport } from '../../src/agent/transport.js';

/** A transport whose progress calls stay unanswered until the test answers them. */
function heldTransport() {
  const sent: { hops: number; answer: () => void }[] = [];
  const waiting: (() => void)[] = [];
  const transport = {
    call: (_id: string, body: { hops: unknown[] }) =>
      new Promise((resolve) => {
        sent.push({ hops: body.hops.length, answer: () => resolve({ stored: true }) });
        for (const wake of waiting.splice(0)) wake();
      }),
    close: () => undefined,
  } as unknown as Transport;
  const nextSend = () => new Promise<void>((resolve) => waiting.push(resolve));
  return { transport, sent, nextSend };
}

const progress = (hops: number) => ({ ip: '127.0.0.1', hops: Array.from({ length: hops }, (_, index) => ({ ttl: index + 1, host: null, lossPercent: 0, sent: 1, lastMs: null, avgMs: null, bestMs: null, worstMs: null, stdevMs: null })) });

describe("an MTR job's progress reports", () => {
  it('sends the latest hops, one report at a time, and nothing once the job ended', async () => {
    const { transport, sent, nextSend } = heldTransport();
    const sender = new ProgressSender('job-1', transport, silentLogger, 0);
    const first = nextSend();
    sender.report(progress(1));
    sender.report(progress(2));
    await first;
    // Reports arriving together make one call, with the latest hops.
    expect(sent.map((call) => call.hops)).toEqual([2]);

    // While that call is unanswered, newer hops wait; only the latest of them goes next.
    sender.report(progress(3));
    sender.report(progress(4));
    const second = nextSend();
    sent[0]?.answer();
    await second;
    expect(sent.map((call) => call.hops)).toEqual([2, 4]);

    // The job ended: closing waits for the call in flight, and later hops are not sent.
    const closed = sender.close();
    sender.report(progress(5));
    sent[1]?.answer();
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent.map((call) => call.hops)).toEqual([2, 4]);
  });
});
