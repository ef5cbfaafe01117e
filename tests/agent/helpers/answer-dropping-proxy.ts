import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A forwarding proxy in front of the API server that can lose answers: while `dropAnswers` is on,
 * a results call reaches the server (which stores the batch) but the agent's connection is cut
 * before the answer — the case of a crash or a network break between storing and acknowledging.
 */

export interface AnswerDroppingProxy {
  url: string;
  dropAnswers: boolean;
  /** Results calls the server answered but the agent never heard. */
  dropped: number;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function forward(upstream: URL, req: IncomingMessage, body: Buffer): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        void readBody(answer).then((answerBody) => resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: answerBody }), reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

export async function startAnswerDroppingProxy(upstreamUrl: string): Promise<AnswerDroppingProxy> {
  const upstream = new URL(upstreamUrl);
  const proxy: AnswerDroppingProxy = { url: '', dropAnswers: false, dropped: 0, close: async () => undefined };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      try {
        const answer = await forward(upstream, req, await readBody(req));
        if (proxy.dropAnswers && req.url?.endsWith('/agent/results')) {
          proxy.dropped += 1;
          req.socket.destroy();
          return;
        }
        res.writeHead(answer.status, answer.headers).end(answer.body);
      } catch {
        req.socket.destroy();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return proxy;
}
