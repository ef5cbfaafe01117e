import { Agent } from 'node:https';
import { rootCertificates } from 'node:tls';
import { inboxItemPath, type PushPayload } from '../../../shared/calls/push.js';
import type { Db } from '../../db/connection.js';
import { guardedLookup } from './address-guard.js';
import { deliverPush, type DeliveryOutcome, type Transport, type Urgency } from './deliver.js';
import { encryptPushPayload, MAX_PUSH_PLAINTEXT } from './encrypt.js';
import { deleteGoneSubscription, subscriptionsOfUsers, type PushSubscriptionRow } from './subscriptions-repo.js';
import { languageOf, pushText, type TextParams } from './texts.js';
import { vapidAuthorization, type VapidKeys } from './vapid.js';

/** A new inbox item to push to its user's devices, its texts still as keys of the `push` namespace. */
export interface InboxPushItem {
  userId: number;
  sno: number;
  titleKey: string;
  bodyKey: string;
  params: TextParams;
  urgency?: Urgency;
}

/** What the inbox producer needs from push: hand items over and never wait for a push service. */
export interface InboxPushNotifier {
  notifyInbox: (custId: number, items: readonly InboxPushItem[]) => void;
}

export interface PushSenderOptions {
  db: Db;
  now: () => number;
  log: { warn: (fields: object, message: string) => void };
  keys: VapidKeys;
  subject: string;
  allowPrivateEndpoints: boolean;
  /** PEM of extra certificate authorities trusted besides the system's. */
  extraCa?: string | undefined;
  ttlSeconds?: number;
  retryDelayMs?: number;
  timeoutMs?: number;
}

interface Job {
  subscription: PushSubscriptionRow;
  payload: PushPayload;
  urgency: Urgency;
  attempt: number;
}

/** A device offline longer than a day reads the event in the inbox instead. */
const DEFAULT_TTL_SECONDS = 24 * 3600;
const MAX_ATTEMPTS = 2;
const MAX_IN_FLIGHT = 8;
const MAX_QUEUED = 2_000;

function fitted(payload: PushPayload): Buffer {
  let text = JSON.stringify(payload);
  for (let body = payload.body; Buffer.byteLength(text) > MAX_PUSH_PLAINTEXT && body.length > 0; ) {
    body = body.slice(0, Math.floor(body.length * 0.8));
    text = JSON.stringify({ ...payload, body: `${body}…` });
  }
  return Buffer.from(text);
}

/**
 * Sends inbox events to the subscribed devices: payloads encrypted per subscription (RFC 8291),
 * signed with the VAPID key (RFC 8292), a few at a time, one more try for overload and network
 * failures, subscriptions the push service calls gone removed. Nothing here blocks or fails the
 * request that produced the event.
 */
export class PushSender implements InboxPushNotifier {
  private readonly transport: Transport;
  private readonly queue: Job[] = [];
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private readonly idleWaiters: (() => void)[] = [];
  private running = 0;
  private preparing = 0;
  private closed = false;

  constructor(private readonly options: PushSenderOptions) {
    const ca = options.extraCa === undefined ? undefined : [...rootCertificates, options.extraCa];
    this.transport = {
      agent: new Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT, ...(ca ? { ca } : {}) }),
      lookup: guardedLookup(options.allowPrivateEndpoints),
      allowPrivate: options.allowPrivateEndpoints,
      timeoutMs: options.timeoutMs ?? 15_000,
    };
  }

  notifyInbox(custId: number, items: readonly InboxPushItem[]): void {
    if (this.closed || items.length === 0) return;
    this.preparing += 1;
    this.queueItems(custId, items)
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'push: reading subscriptions failed'))
      .finally(() => {
        this.preparing -= 1;
        this.pump();
      });
  }

  /** Resolves once nothing is queued, being sent or waiting for another try. */
  settled(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drops what waits, cuts the connections, and resolves when the sends in flight have ended. */
  async close(): Promise<void> {
    this.closed = true;
    this.queue.length = 0;
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    this.transport.agent.destroy();
    await this.settled();
  }

  private async queueItems(custId: number, items: readonly InboxPushItem[]): Promise<void> {
    const subscriptions = await subscriptionsOfUsers(this.options.db, custId, [...new Set(items.map((item) => item.userId))]);
    for (const item of items) {
      for (const subscription of subscriptions.filter((row) => row.user_id === item.userId)) {
        this.enqueue({ subscription, payload: this.payloadOf(item, subscription.language), urgency: item.urgency ?? 'normal', attempt: 1 });
      }
    }
  }

  private payloadOf(item: InboxPushItem, language: string): PushPayload {
    const lang = languageOf(language);
    return {
      kind: 'inbox',
      sno: item.sno,
      title: pushText(lang, item.titleKey, item.params),
      body: pushText(lang, item.bodyKey, item.params),
      url: inboxItemPath(item.sno),
      tag: `inbox-${item.sno}`,
    };
  }

  private enqueue(job: Job): void {
    if (this.closed) return;
    if (this.queue.length >= MAX_QUEUED) {
      this.options.log.warn({ queued: this.queue.length }, 'push: queue full, a push was dropped');
      return;
    }
    this.queue.push(job);
    this.pump();
  }

  private pump(): void {
    while (!this.closed && this.running < MAX_IN_FLIGHT && this.queue.length > 0) {
      const job = this.queue.shift() as Job;
      this.running += 1;
      this.send(job)
        .catch((error: unknown) => this.options.log.warn({ err: error }, 'push: sending failed'))
        .finally(() => {
          this.running -= 1;
          this.pump();
        });
    }
    if (this.isIdle()) this.idleWaiters.splice(0).forEach((resolve) => resolve());
  }

  private isIdle(): boolean {
    return this.running === 0 && this.preparing === 0 && this.queue.length === 0 && this.retryTimers.size === 0;
  }

  private async send(job: Job): Promise<void> {
    const { subscription } = job;
    const body = encryptPushPayload(fitted(job.payload), {
      p256dh: Buffer.from(subscription.p256dh, 'base64url'),
      auth: Buffer.from(subscription.auth, 'base64url'),
    });
    const audience = new URL(subscription.endpoint).origin;
    const authorization = vapidAuthorization(this.options.keys, { audience, subject: this.options.subject, nowMs: this.options.now() });
    const ttlSeconds = this.options.ttlSeconds ?? DEFAULT_TTL_SECONDS;
    const outcome = await deliverPush(this.transport, { endpoint: subscription.endpoint, body, authorization, ttlSeconds, urgency: job.urgency });
    await this.settle(job, audience, outcome);
  }

  private async settle(job: Job, pushService: string, outcome: DeliveryOutcome): Promise<void> {
    if (outcome.kind === 'delivered') return;
    if (outcome.kind === 'gone') {
      await deleteGoneSubscription(this.options.db, job.subscription);
      return;
    }
    if (outcome.kind === 'retry' && job.attempt < MAX_ATTEMPTS && !this.closed) {
      this.retryLater({ ...job, attempt: job.attempt + 1 }, outcome.retryAfterMs ?? this.options.retryDelayMs ?? 5_000);
      return;
    }
    // The endpoint's path identifies the device: only the push service's origin goes to the log.
    this.options.log.warn({ pushService, reason: outcome.reason, attempts: job.attempt }, 'push not delivered');
  }

  private retryLater(job: Job, delayMs: number): void {
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      this.enqueue(job);
      this.pump();
    }, delayMs);
    timer.unref();
    this.retryTimers.add(timer);
  }
}
