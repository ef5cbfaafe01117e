import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { recordOutcome } from './outcome.js';
import { sendClaimed } from './claim.js';
import { pendingHeads, type OutboxHead } from './outbox-repo.js';
import { Pacing } from './pacing.js';
import { telegramClient, type TelegramClient } from './telegram.js';

/** Even when nobody wakes it, the sender looks at the outbox this often. */
const POLL_MS = 30_000;

interface Send {
  promise: Promise<void>;
  done: boolean;
}

/**
 * Delivers the outbox: each chat's oldest pending message once it is due and the limits allow
 * (Pacing), one request in flight per chat, several chats at once. Each answer is recorded right
 * away (recordOutcome), so a crash can only resend the one message whose answer was not yet written.
 * Each message is claimed before its request and while it is in flight (sendClaimed), so of several
 * instances one sends it.
 * Without a bot token it does nothing and the messages wait.
 */
export class AlertSender {
  private readonly pacing = new Pacing();
  /** By chat id; a finished send stays until the next pass starts reading, so no pass acts on a stale read. */
  private readonly sends = new Map<string, Send>();
  private pass: Promise<void> | undefined;
  private passAgain = false;
  private timer: NodeJS.Timeout | undefined;
  /** When the timer wakes the sender (server clock). */
  private timerAt = Number.POSITIVE_INFINITY;
  private closed = false;

  constructor(
    private readonly ctx: ServerContext,
    private readonly client: TelegramClient | undefined,
  ) {}

  /** Sends whatever is due now (call after committing messages). */
  wake(): void {
    if (this.closed || this.client === undefined) return;
    if (this.pass) {
      this.passAgain = true;
      return;
    }
    this.pass = this.runPasses().finally(() => {
      this.pass = undefined;
    });
  }

  /** Resolves when no pass runs and no request is in flight (tests drive the clock with it). */
  async idle(): Promise<void> {
    while (this.pass !== undefined || this.sending()) await Promise.allSettled([this.pass, ...[...this.sends.values()].map((send) => send.promise)]);
  }

  /** Stops waking and waits for the requests in flight to be answered and recorded. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.idle();
  }

  private sending(): boolean {
    return [...this.sends.values()].some((send) => !send.done);
  }

  private async runPasses(): Promise<void> {
    do {
      this.passAgain = false;
      try {
        await this.sendDue();
      } catch (error) {
        this.ctx.log?.warn({ err: error }, 'alert delivery: a pass failed');
        this.wakeAt(this.ctx.now() + POLL_MS);
      }
    } while (this.passAgain && !this.closed);
  }

  private async sendDue(): Promise<void> {
    for (const [chatId, send] of this.sends) if (send.done) this.sends.delete(chatId);
    const heads = await pendingHeads(this.ctx.db);
    const now = this.ctx.now();
    let next = now + POLL_MS;
    for (const head of heads) {
      if (this.closed) return;
      if (this.sends.has(head.chatId)) continue;
      const at = Math.max(head.nextAttemptAt, this.pacing.chatFreeAt(head.chatId), this.pacing.globalFreeAt(now));
      if (at <= now) this.start(head, now);
      else next = Math.min(next, at);
    }
    this.wakeAt(next);
  }

  private start(head: OutboxHead, now: number): void {
    this.pacing.record(head.chatId, now);
    const send: Send = { done: false, promise: Promise.resolve() };
    send.promise = this.deliver(head)
      .catch((error: unknown) => this.ctx.log?.warn({ err: error, outboxId: head.id }, 'alert delivery: recording an answer failed'))
      .finally(() => {
        send.done = true;
        // The chat's next message may go once its interval has passed: no pass is needed before.
        this.wakeAt(this.pacing.chatFreeAt(head.chatId));
      });
    this.sends.set(head.chatId, send);
  }

  private async deliver(head: OutboxHead): Promise<void> {
    const client = this.client;
    if (client === undefined) return;
    const outcome = await sendClaimed(this.ctx, head, () => client.sendMessage(head.chatId, head.text));
    if (outcome !== undefined) await recordOutcome(this.ctx.db, head, outcome, this.ctx.now());
  }

  /** A pass at `at` at the latest (now when it has come); an earlier timer stays (its pass is merely early). */
  private wakeAt(at: number): void {
    if (at <= this.ctx.now()) this.wake();
    else if (at < this.timerAt) this.schedule(at);
  }

  private schedule(at: number): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    const delay = Math.max(0, Math.min(at - this.ctx.now(), POLL_MS));
    this.timerAt = this.ctx.now() + delay;
    this.timer = setTimeout(() => {
      this.timerAt = Number.POSITIVE_INFINITY;
      this.wake();
    }, delay);
    this.timer.unref();
  }
}

/** The app's sender, for tests and the bench that drive it. */
export function alertSender(ctx: ServerContext): AlertSender | undefined {
  return ctx.alertDelivery instanceof AlertSender ? ctx.alertDelivery : undefined;
}

/** Starts delivering the outbox (pending messages of before a restart too) while the app is open. */
export function scheduleAlertDelivery(app: FastifyInstance): void {
  const ctx = app.vigil;
  const sender = new AlertSender(ctx, telegramClient(ctx.config.telegram));
  ctx.alertDelivery = sender;
  app.addHook('onReady', (done) => {
    sender.wake();
    done();
  });
  app.addHook('onClose', () => sender.close());
}
