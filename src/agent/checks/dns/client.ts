import { randomInt } from 'node:crypto';
import { startStopwatch } from '../clock.js';
import type { ServerAddress } from './addresses.js';
import { encodeQuery } from './codec.js';
import { CLASS_IN, type DnsMessage } from './message.js';
import { sameName } from './wire.js';
import { exchangeOverTcp, exchangeOverUdp, type Exchange, type ExchangeOutcome } from './transport.js';

export interface DnsQuestionToAsk {
  name: string;
  type: number;
}

export interface ServerAttempt {
  server: ServerAddress;
  outcome: ExchangeOutcome;
  /** From sending the first query to this server until its outcome, TCP fallback included. */
  elapsedMs: number;
  transport: 'udp' | 'tcp';
}

/** A response to our question; a FORMERR-style reply may omit the question (RFC 1035 leaves it open). */
function isReplyTo(question: DnsQuestionToAsk): (message: DnsMessage) => boolean {
  return (message) => {
    if (!message.flags.qr) return false;
    if (message.questions.length === 0) return message.flags.rcode !== 0;
    const [asked] = message.questions;
    return message.questions.length === 1 && asked !== undefined && asked.type === question.type && asked.class === CLASS_IN && sameName(asked.name, question.name);
  };
}

function exchangeFor(server: ServerAddress, question: DnsQuestionToAsk, timeoutMs: number, signal?: AbortSignal): Exchange {
  const id = randomInt(0, 0x10000);
  return {
    server,
    id,
    query: encodeQuery({ id, name: question.name, type: question.type }),
    isReplyTo: isReplyTo(question),
    timeoutMs,
    ...(signal ? { signal } : {}),
  };
}

/** Asks one server over UDP, and again over TCP (with a fresh id) when the UDP answer is truncated. */
export async function queryServer(
  server: ServerAddress,
  question: DnsQuestionToAsk,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<ServerAttempt> {
  const watch = startStopwatch();
  const overUdp = await exchangeOverUdp(exchangeFor(server, question, timeoutMs, signal));
  if (overUdp.kind !== 'answer' || !overUdp.message.flags.tc) {
    return { server, outcome: overUdp, elapsedMs: watch.elapsedMs(), transport: 'udp' };
  }
  const remainingMs = Math.max(1, timeoutMs - watch.elapsedMs());
  const overTcp = await exchangeOverTcp(exchangeFor(server, question, remainingMs, signal));
  return { server, outcome: overTcp, elapsedMs: watch.elapsedMs(), transport: 'tcp' };
}

/**
 * Asks the servers in order until one answers: a timeout, a network error or a malformed answer
 * moves on to the next server; any decoded answer (whatever its rcode) is the servers' word.
 * Returns every attempt made, the deciding one last.
 */
export async function queryServers(
  servers: readonly ServerAddress[],
  question: DnsQuestionToAsk,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<ServerAttempt[]> {
  const attempts: ServerAttempt[] = [];
  for (const server of servers) {
    const attempt = await queryServer(server, question, timeoutMs, signal);
    attempts.push(attempt);
    if (attempt.outcome.kind === 'answer' || attempt.outcome.kind === 'aborted') break;
  }
  return attempts;
}
