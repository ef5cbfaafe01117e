import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local HTTP server speaking the Telegram Bot API's shape (`/bot<token>/<method>`, JSON answers
 * `{ok, result}` or `{ok: false, error_code, description, parameters}`) for tests, e2e and the
 * bench: it records the messages it accepts, answers scripted faults and serves injected updates.
 * Plain node:http so vitest, Playwright and the bench load it alike. Never used by product code.
 * Another process (a Playwright test) drives it through `/__peer/…` (see handleControl);
 * bot-api-peer-main.ts runs it on its own.
 */

export interface ReceivedMessage {
  chatId: string;
  text: string;
  parseMode: unknown;
  linkPreviewDisabled: boolean;
  messageId: number;
  /** The peer's clock when the request arrived. */
  at: number;
}

/**
 * A scripted fault for sendMessage. `chatId` limits it to one chat; it lasts while the peer's
 * clock is before `until` and for `times` requests (whichever ends first; neither: forever).
 * - status: answers that HTTP status (e.g. 502);
 * - hang: never answers (the client's timeout decides);
 * - retry_after: 429 with parameters.retry_after;
 * - blocked: 403 "Forbidden: bot was blocked by the user";
 * - chat_not_found: 400 "Bad Request: chat not found";
 * - accept_then_hang: accepts and records the message, then never answers (a crash right after sending).
 */
export type PeerFault = { chatId?: string; until?: number; times?: number } & (
  | { kind: 'status'; status: number }
  | { kind: 'hang' }
  | { kind: 'retry_after'; seconds: number }
  | { kind: 'blocked' }
  | { kind: 'chat_not_found' }
  | { kind: 'accept_then_hang' }
);

export interface PeerOptions {
  token: string;
  /** The peer's clock for `at` and faults' `until`; a test's injected clock or the real one. */
  now?: () => number;
  port?: number;
}

export interface PeerChat {
  id: number;
  type: 'private' | 'group' | 'supergroup' | 'channel';
  title?: string;
  first_name?: string;
  username?: string;
}

type Json = Record<string, unknown>;

/** Where another process drives the peer (not part of the Bot API). */
export const CONTROL_PREFIX = '/__peer/';

export class BotApiPeer {
  readonly messages: ReceivedMessage[] = [];
  /** Every request by method, including refused and faulted ones. */
  readonly requests: { method: string; at: number; body: Json }[] = [];
  /** Wrong-token requests (answered 401 like the real API). */
  unauthorized = 0;
  /** Every answer waits this long first (ms of real time). */
  answerDelayMs = 0;
  webhookUrl = '';
  private faults: PeerFault[] = [];
  private updates: Json[] = [];
  private nextMessageId = 1;
  private nextUpdateId = 1;
  private readonly sockets = new Set<Socket>();
  private readonly waiters = new Set<() => void>();

  private constructor(
    private readonly server: Server,
    private readonly options: PeerOptions,
  ) {}

  static async start(options: PeerOptions): Promise<BotApiPeer> {
    const server = createServer();
    const created = new BotApiPeer(server, options);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      created.handle(request, response).catch(() => response.destroy());
    });
    server.on('connection', (socket) => {
      created.sockets.add(socket);
      socket.on('close', () => created.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
    return created;
  }

  /** The base URL to configure as VIGIL_TELEGRAM_API_BASE. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  now(): number {
    return (this.options.now ?? Date.now)();
  }

  addFault(fault: PeerFault): void {
    this.faults.push({ ...fault });
  }

  clearFaults(): void {
    this.faults = [];
  }

  /** A message written to the bot from a chat, served by getUpdates (`date` in epoch ms). */
  injectUpdate(chat: PeerChat, text: string, date = this.now()): void {
    const kind = chat.type === 'channel' ? 'channel_post' : 'message';
    const message = { message_id: this.nextMessageId++, date: Math.floor(date / 1000), chat, text };
    this.updates.push({ update_id: this.nextUpdateId++, [kind]: message });
  }

  messagesTo(chatId: string): ReceivedMessage[] {
    return this.messages.filter((message) => message.chatId === chatId);
  }

  /** Resolves once `count` messages were accepted; rejects after `timeoutMs` of real time. */
  async waitForMessages(count: number, timeoutMs = 10_000): Promise<ReceivedMessage[]> {
    if (this.messages.length >= count) return this.messages;
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (this.messages.length < count) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`bot API peer: ${this.messages.length} of ${count} messages after ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.add(check);
    });
    return this.messages;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readJson(request);
    if (request.url?.startsWith(CONTROL_PREFIX) === true) return this.handleControl(request.url.slice(CONTROL_PREFIX.length), body, response);
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
    if (!match || match[1] !== this.options.token) {
      this.unauthorized += 1;
      return answer(response, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
    }
    const method = match[2] ?? '';
    this.requests.push({ method, at: this.now(), body });
    if (this.answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.answerDelayMs));
    if (method === 'sendMessage') return this.sendMessage(body, response);
    if (method === 'getUpdates') return this.getUpdates(body, response);
    if (method === 'getWebhookInfo') return answer(response, 200, { ok: true, result: { url: this.webhookUrl, pending_update_count: 0 } });
    return answer(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
  }

  /**
   * GET health, GET messages, POST updates {chat, text, date?}, POST faults (a PeerFault),
   * POST webhook {url}, POST reset (forgets messages, requests, faults, updates and the webhook).
   */
  private handleControl(path: string, body: Json, response: ServerResponse): void {
    const ok = (result: unknown = true) => answer(response, 200, { ok: true, result });
    if (path === 'health') return ok();
    if (path === 'messages') return ok(this.messages);
    if (path === 'updates') {
      this.injectUpdate(body.chat as PeerChat, String(body.text ?? ''), typeof body.date === 'number' ? body.date : undefined);
      return ok();
    }
    if (path === 'faults') {
      this.addFault(body as PeerFault);
      return ok();
    }
    if (path === 'webhook') {
      this.webhookUrl = String(body.url ?? '');
      return ok();
    }
    if (path === 'reset') {
      this.reset();
      return ok();
    }
    answer(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
  }

  reset(): void {
    this.messages.length = 0;
    this.requests.length = 0;
    this.faults = [];
    this.updates = [];
    this.webhookUrl = '';
  }

  private sendMessage(body: Json, response: ServerResponse): void {
    const chatId = String(body.chat_id);
    const fault = this.takeFault(chatId);
    if (fault && fault.kind !== 'accept_then_hang') return faultAnswer(fault, response);
    const messageId = this.nextMessageId++;
    const preview = body.link_preview_options as { is_disabled?: boolean } | undefined;
    this.messages.push({
      chatId,
      text: String(body.text),
      parseMode: body.parse_mode,
      linkPreviewDisabled: preview?.is_disabled === true,
      messageId,
      at: this.now(),
    });
    for (const waiter of [...this.waiters]) waiter();
    if (fault) return;
    answer(response, 200, { ok: true, result: { message_id: messageId, date: Math.floor(this.now() / 1000), chat: { id: chatId }, text: body.text } });
  }

  /** Like the real API without an offset: every update kept, none confirmed; 409 while a webhook is set. */
  private getUpdates(body: Json, response: ServerResponse): void {
    if (this.webhookUrl !== '')
      return answer(response, 409, { ok: false, error_code: 409, description: "Conflict: can't use getUpdates method while webhook is active" });
    const limit = typeof body.limit === 'number' ? body.limit : 100;
    answer(response, 200, { ok: true, result: this.updates.slice(0, limit) });
  }

  private takeFault(chatId: string): PeerFault | undefined {
    const now = this.now();
    this.faults = this.faults.filter((fault) => (fault.until === undefined || now < fault.until) && fault.times !== 0);
    const fault = this.faults.find((candidate) => candidate.chatId === undefined || candidate.chatId === chatId);
    if (fault?.times !== undefined) fault.times -= 1;
    return fault;
  }
}

function faultAnswer(fault: PeerFault, response: ServerResponse): void {
  if (fault.kind === 'hang' || fault.kind === 'accept_then_hang') return;
  if (fault.kind === 'status') return answer(response, fault.status, { ok: false, error_code: fault.status, description: 'Bad Gateway' });
  if (fault.kind === 'retry_after')
    return answer(response, 429, {
      ok: false,
      error_code: 429,
      description: `Too Many Requests: retry after ${fault.seconds}`,
      parameters: { retry_after: fault.seconds },
    });
  if (fault.kind === 'blocked') return answer(response, 403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' });
  answer(response, 400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
}

function answer(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<Json> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return {};
  try {
    return JSON.parse(text) as Json;
  } catch {
    return {};
  }
}
