import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/**
 * The agent's HTTP client for its own server: one kept-alive connection pool and plain node:http.
 * The agent calls its server at least once a second; fetch's streams, signals and Response objects
 * cost several times the request itself, which an idle agent would pay on every delivery.
 */

export interface ServerAnswer {
  status: number;
  /** The answer's body as text; "" when it had none. */
  text: string;
}

export interface ServerRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** Sends one request; rejects with an Error whose `cause.code` names a network failure. */
export type ServerClient = (request: ServerRequest) => Promise<ServerAnswer>;

/** Answers larger than this are refused (the largest is an assignments page). */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

function networkError(message: string, code: string): Error {
  return new Error(message, { cause: { code } });
}

function readAnswer(response: IncomingMessage): Promise<ServerAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    response.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_ANSWER_BYTES) response.destroy(networkError('the answer is too large', 'EANSWERTOOLARGE'));
      else chunks.push(chunk);
    });
    response.once('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    // `on`, not `once`: a second error on the same stream must not go unheard (it would end the process).
    response.on('error', reject);
  });
}

export function createServerClient(): ServerClient & { close: () => void } {
  const pools = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  const send: ServerClient = (options) =>
    new Promise<ServerAnswer>((resolve, reject) => {
      if (options.signal?.aborted) return reject(networkError('the call was aborted', 'ABORT_ERR'));
      const url = new URL(options.url);
      const secure = url.protocol === 'https:';
      const request = (secure ? httpsRequest : httpRequest)(url, {
        method: options.method,
        headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
        agent: secure ? pools.https : pools.http,
        timeout: options.timeoutMs,
      });
      const onAbort = (): void => void request.destroy(networkError('the call was aborted', 'ABORT_ERR'));
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const done = (): void => options.signal?.removeEventListener('abort', onAbort);
      request.once('timeout', () => request.destroy(networkError(`no answer within ${options.timeoutMs} ms`, 'ETIMEDOUT')));
      request.on('error', (error) => {
        done();
        reject(error);
      });
      request.once('response', (response) => {
        readAnswer(response).then(
          (answer) => {
            done();
            resolve(answer);
          },
          (error: unknown) => {
            done();
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      });
      request.end(options.body);
    });
  return Object.assign(send, {
    close: () => {
      pools.http.destroy();
      pools.https.destroy();
    },
  });
}
