// The floor under the agent's CPU per check: what the bare socket work of one HTTP check costs a
// Node process on loopback with nothing else around it (connect, write a GET, read the answer,
// close; at the scale bench's 16.7 checks/s grouped as the agent's scheduler groups them, one
// wake-up a second (SLOT_GRID_MS), no scheduler, no results, no delivery). The kernel's TCP work for both ends of a loopback connection is charged largely to
// the sender, so this is what the agent cannot go below while each check opens a fresh
// connection. Answers `{ type: 'floor', checks, user, system, wakeUpUs }` (seconds; the last in µs)
// to the bench over IPC.
import { connect } from 'node:net';
import { SLOT_GRID_MS } from '../../../src/agent/scheduler.js';

const port = Number(process.env.BENCH_FLOOR_PORT);
const windowMs = Number(process.env.BENCH_FLOOR_WINDOW_MS ?? 60_000);
const WARM_UP_MS = 5_000;
/** 1,000 one-minute tasks. */
const CHECKS_PER_S = 1_000 / 60;
const REQUEST = `GET /ok HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUser-Agent: vigil-floor\r\nAccept: */*\r\nConnection: close\r\n\r\n`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function check(): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.setNoDelay(true);
    socket.once('connect', () => socket.write(REQUEST));
    socket.on('data', () => undefined);
    socket.once('end', () => {
      socket.destroy();
      resolve();
    });
    socket.once('error', () => resolve());
  });
}

let checks = 0;
/** Checks due but not yet started: 16 or 17 a wake-up. */
let owed = 0;
const timer = setInterval(() => {
  owed += (CHECKS_PER_S * SLOT_GRID_MS) / 1_000;
  for (; owed >= 1; owed -= 1) void check().then(() => (checks += 1));
}, SLOT_GRID_MS);
await sleep(WARM_UP_MS);
const before = process.cpuUsage();
const checksBefore = checks;
await sleep(windowMs);
const used = process.cpuUsage(before);
clearInterval(timer);

/**
 * What this machine charges a process for being woken with nothing to do: a timer every 5 ms for
 * 5 s, CPU per wake-up in µs. On a nested guest it is tens of µs and moves with the host's load,
 * and every check and batch pays it, so the bench prints it beside the figure.
 */
async function wakeUpCostUs(): Promise<number> {
  await sleep(1_000);
  const start = process.cpuUsage();
  let wakeUps = 0;
  const ticking = setInterval(() => (wakeUps += 1), 5);
  await sleep(5_000);
  clearInterval(ticking);
  const spent = process.cpuUsage(start);
  return wakeUps > 0 ? (spent.user + spent.system) / wakeUps : 0;
}

const wakeUpUs = await wakeUpCostUs();
process.send?.({ type: 'floor', checks: checks - checksBefore, user: used.user / 1e6, system: used.system / 1e6, wakeUpUs }, () => process.exit(0));
