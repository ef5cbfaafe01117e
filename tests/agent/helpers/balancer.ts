import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP load balancer for tests, standing in for the reverse proxy of a deployment with several API
 * instances (docs/architecture.md, Deployment): each connection goes to the next instance in turn
 * (round robin), and to the one after it when that one refuses the connection (a dead instance), as
 * HAProxy's `redispatch` or nginx's `proxy_next_upstream error` do. A connection whose instance dies
 * is cut, as the proxy's would be; the agent's next attempt opens a new one. Never product code: the
 * agent knows one server URL, the proxy's.
 */

export interface Balancer {
  server: Server;
  url: string;
  /** Connections each backend (by its index in `ports`) accepted so far. */
  connectionsTo: number[];
  close(): Promise<void>;
}

/** Connects to the backends from `first` on, in turn; undefined when none accepts. */
function connectToAny(ports: readonly number[], first: number): Promise<{ socket: Socket; index: number } | undefined> {
  return new Promise((resolve) => {
    const attempt = (tried: number): void => {
      if (tried === ports.length) return resolve(undefined);
      const index = (first + tried) % ports.length;
      const socket = connect({ host: '127.0.0.1', port: ports[index] as number });
      socket.once('connect', () => {
        socket.removeAllListeners('error');
        resolve({ socket, index });
      });
      socket.once('error', () => {
        socket.destroy();
        attempt(tried + 1);
      });
    };
    attempt(0);
  });
}

/** Listens on `host` (loopback, or a network namespace's host end) and spreads connections over the loopback `ports`. */
export async function startBalancer(ports: readonly number[], host = '127.0.0.1'): Promise<Balancer> {
  const connectionsTo = ports.map(() => 0);
  const open = new Set<Socket>();
  let next = 0;
  const server = createServer((inbound) => {
    open.add(inbound);
    inbound.pause();
    let outbound: Socket | undefined;
    const close = (): void => {
      inbound.destroy();
      outbound?.destroy();
      open.delete(inbound);
    };
    inbound.on('error', close).on('close', close);
    const first = next;
    next = (next + 1) % ports.length;
    void connectToAny(ports, first).then((chosen) => {
      outbound = chosen?.socket;
      if (!chosen || inbound.destroyed) return close();
      connectionsTo[chosen.index] = (connectionsTo[chosen.index] ?? 0) + 1;
      chosen.socket.on('error', close).on('close', close);
      inbound.pipe(chosen.socket);
      chosen.socket.pipe(inbound);
      inbound.resume();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    server,
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    connectionsTo,
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
