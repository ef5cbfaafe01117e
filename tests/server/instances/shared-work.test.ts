import { afterEach, describe, expect, it } from 'vitest';
import { runExclusively, runSerially } from '../../../src/server/db/exclusive.js';
import { CLAIM_LEASE_MS } from '../../../src/server/modules/alert-delivery/claim.js';
import { alertSender } from '../../../src/server/modules/alert-delivery/sender.js';
import { requestJob } from '../../../src/server/modules/agents/jobs-service.js';
import { PRUNE_SECTION, schedulePruning } from '../../../src/server/prune-schedule.js';
import { JobsAnswer } from '../../../src/shared/calls/agent-work.js';
import { BotApiPeer } from '../../support/bot-api-peer.js';
import { waitFor } from '../../agent/helpers/agent-harness.js';
import { pollWaiting, startAgent } from '../agent-helpers.js';
import { BOT_TOKEN, queueTexts, saveChat } from '../alert-delivery/delivery-helpers.js';
import type { TestServer } from '../helpers.js';
import { createTwinServers, SKIP_REASON, skipWithoutPostgres, type TwinServers } from './twin-servers.js';

let twins: TwinServers | undefined;
let peer: BotApiPeer | undefined;
afterEach(async () => {
  // The peer first: a request still hanging at it ends with it, so the apps need not wait it out to close.
  await peer?.close();
  await twins?.close();
  twins = undefined;
  peer = undefined;
});

function senderOf(server: TestServer) {
  const sender = alertSender(server.app.vigil);
  if (!sender) throw new Error('the app has no alert sender');
  return sender;
}

function recordingLog(lines: unknown[]) {
  const log = { info: (fields: unknown) => lines.push(fields), error: (fields: unknown) => lines.push({ error: fields }) };
  return log as unknown as Parameters<typeof schedulePruning>[2];
}

describe.skipIf(skipWithoutPostgres)(`two instances on one database: work done once (${SKIP_REASON})`, () => {
  it('send each outbox message once, in order, with both senders running', async () => {
    const clock: { now?: () => number } = {};
    peer = await BotApiPeer.start({ token: BOT_TOKEN, now: () => (clock.now ?? Date.now)() });
    twins = await createTwinServers({ VIGIL_TELEGRAM_BOT_TOKEN: BOT_TOKEN, VIGIL_TELEGRAM_API_BASE: peer.url });
    const { a, b } = twins;
    clock.now = a.clock.now;
    await saveChat(a, '5001');
    await saveChat(a, '5002');
    const texts = ['first', 'second', 'third', 'fourth'];
    await queueTexts(a, '5001', texts);
    await queueTexts(b, '5002', texts);
    const senders = [senderOf(a), senderOf(b)];
    const sent = async () => (await a.db.selectFrom('alert_outbox').select('id').where('state', '=', 'sent').execute()).length;
    for (let step = 0; step < 60 && (await sent()) < 8; step += 1) {
      for (const sender of senders) sender.wake();
      await Promise.all(senders.map((sender) => sender.idle()));
      a.clock.advanceSeconds(1);
    }
    expect(peer.messagesTo('5001').map((message) => message.text)).toEqual(texts);
    expect(peer.messagesTo('5002').map((message) => message.text)).toEqual(texts);
  });

  it('keep a message whose request outlasts the claim lease with its sender, which renews the claim', async () => {
    const clock: { now?: () => number } = {};
    peer = await BotApiPeer.start({ token: BOT_TOKEN, now: () => (clock.now ?? Date.now)() });
    // The request is answered by nothing: it stays in flight until the client's timeout.
    peer.addFault({ kind: 'hang', chatId: '5003', times: 1 });
    twins = await createTwinServers({ VIGIL_TELEGRAM_BOT_TOKEN: BOT_TOKEN, VIGIL_TELEGRAM_API_BASE: peer.url, VIGIL_TELEGRAM_TIMEOUT_MS: '60000' });
    const { a, b } = twins;
    clock.now = a.clock.now;
    await saveChat(a, '5003');
    await queueTexts(a, '5003', ['long']);
    senderOf(a).wake();
    await waitFor('the request at the Bot API', () => peer?.requests.length === 1, 10_000);
    // Either instance's sender may have taken it (both look at the outbox): the other is idle at once.
    const other = await Promise.race([senderOf(a).idle().then(() => a), senderOf(b).idle().then(() => b)]);
    const leaseEnd = async () => (await a.db.selectFrom('alert_outbox').select('next_attempt_at').executeTakeFirstOrThrow()).next_attempt_at;
    const leaseAtClaim = await leaseEnd();
    // Never past a lease in force (else the other instance may rightly take it between two ticks):
    // three quarters on, renewed, then three quarters more, past the claim's own lease.
    const step = (CLAIM_LEASE_MS / 1000) * 0.75;
    a.clock.advanceSeconds(step);
    await waitFor('the claim renewed', async () => (await leaseEnd()) > leaseAtClaim, 15_000);
    a.clock.advanceSeconds(step);
    expect(a.clock.now()).toBeGreaterThan(leaseAtClaim);
    senderOf(other).wake();
    await senderOf(other).idle();
    expect(peer.requests).toHaveLength(1);
    // The hanging request ends with the peer (a network error), so closing need not wait out its timeout.
    await peer.close();
    peer = undefined;
    // Its waits (the request up to 10 s, a renewal on its 5 s tick up to 15 s) outlast the default 20 s on a busy machine.
  }, 60_000);

  it('prune once: an instance whose turn comes while another prunes passes it', async () => {
    twins = await createTwinServers();
    const { a, b } = twins;
    const retention = { resultRetentionDays: 3, traceRetentionDays: 30, minuteRollupRetentionDays: 1, hourRollupRetentionDays: 10 };
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holds: () => void = () => undefined;
    const bHolds = new Promise<void>((resolve) => (holds = resolve));
    const holding = runExclusively(b.db, PRUNE_SECTION, () => {
      holds();
      return held;
    });
    await bHolds;
    const lines: unknown[] = [];
    await schedulePruning(a.db, retention, recordingLog(lines), a.clock.now).stop();
    expect(lines).toEqual([{ pruned: 'elsewhere' }]);
    release();
    expect(await holding).toEqual({ ran: true, value: undefined });
    await schedulePruning(a.db, retention, recordingLog(lines), a.clock.now).stop();
    expect(lines[1]).toMatchObject({ pruned: { raw: 0 } });
  });

  it('run a serial section on one instance after the other, never side by side', async () => {
    twins = await createTwinServers();
    const { a, b } = twins;
    const events: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holds: () => void = () => undefined;
    const aHolds = new Promise<void>((resolve) => (holds = resolve));
    const first = runSerially(a.db, 'serial-test', async () => {
      events.push('a starts');
      holds();
      await held;
      events.push('a ends');
    });
    await aHolds;
    expect(await runExclusively(b.db, 'serial-test', async () => 'ran')).toEqual({ ran: false });
    const second = runSerially(b.db, 'serial-test', async () => {
      events.push('b runs');
    });
    release();
    await Promise.all([first, second]);
    expect(events).toEqual(['a starts', 'a ends', 'b runs']);
  });

  it('hand an on-demand job requested on one instance to the agent polling the other', async () => {
    twins = await createTwinServers();
    const { a, b } = twins;
    const agent = await startAgent(b, 'jp-tokyo');
    const signals = b.app.vigil.jobSignals;
    const seen = signals.generation(agent.nodeId);
    const pollWaits = pollWaiting(signals, agent.nodeId);
    const waiting = agent.call('/agent/jobs', { waitMs: 20_000 });
    await pollWaits;
    const jobId = await requestJob(a.app.vigil, a.custId, agent.nodeId, { type: 'mtr', host: '127.0.0.1', count: 10 });
    const answer = await waiting;
    expect(JobsAnswer.parse(answer.json.data).jobs.map((job) => job.jobId)).toEqual([jobId]);
    // The poll was woken by a's signal (it would otherwise have looked again within 5 s).
    while (signals.generation(agent.nodeId) === seen) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(signals.generation(agent.nodeId)).toBe(seen + 1);
  });
});
