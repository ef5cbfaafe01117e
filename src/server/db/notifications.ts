/*
 * Signals between instances on one PostgreSQL database (LISTEN/NOTIFY), for work one instance
 * creates and another waits for. SQLite is one process: there is nobody else to tell, so publishing
 * does nothing and listening hears nothing. A signal is a hint only: whoever listens also looks
 * for the work on its own now and then, so one lost while a listener reconnects costs a delay.
 */
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { engineOf } from './engine.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const RECONNECT_MS = 1000;
const CHANNEL_NAME = /^[a-z_]{1,60}$/;

/** How to open a connection of its own to the database a pool reaches (set by openPostgres). */
const listenSettings = new WeakMap<AnyDb, pg.ClientConfig>();

export function rememberListenSettings(db: AnyDb, settings: pg.ClientConfig): void {
  listenSettings.set(db, settings);
}

function channelOf(name: string): string {
  if (!CHANNEL_NAME.test(name)) throw new Error(`not a channel name: ${name}`);
  return name;
}

/** Tells every instance listening on the channel (this one too). */
export async function publishSignal(db: AnyDb, channel: string, payload: string): Promise<void> {
  if (engineOf(db) === 'sqlite') return;
  await sql`select pg_notify(${channelOf(channel)}, ${payload})`.execute(db);
}

/**
 * Whether a signal may fail to reach a waiter: on PostgreSQL one sent while a listener reconnects
 * is lost; on SQLite every waiter is in the process that signals.
 */
export function signalsMayBeLost(db: AnyDb): boolean {
  return engineOf(db) !== 'sqlite';
}

export interface Listening {
  close: () => Promise<void>;
}

/**
 * Hears the channel's signals on a connection of its own (not one of the pool's), reconnecting a
 * second after the database drops it (a restart), until closed.
 */
export function listenForSignals(db: AnyDb, channel: string, onPayload: (payload: string) => void): Listening {
  const settings = listenSettings.get(db);
  const name = channelOf(channel);
  if (settings === undefined) return { close: async () => undefined };
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  const reconnect = (client: pg.Client) => {
    if (closed || current !== client) return;
    current = undefined;
    client.end().catch(() => undefined);
    retry = setTimeout(connect, RECONNECT_MS);
    retry.unref();
  };
  function connect(): void {
    const client = new pg.Client(settings);
    current = client;
    client.on('notification', (message) => {
      if (message.channel === name && message.payload !== undefined) onPayload(message.payload);
    });
    client.on('error', () => reconnect(client));
    client.on('end', () => reconnect(client));
    client
      .connect()
      .then(() => client.query(`listen ${name}`))
      .catch(() => reconnect(client));
  }
  connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await current?.end().catch(() => undefined);
    },
  };
}
