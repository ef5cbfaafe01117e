// The API server in its own process for the bench figures: the product's startServer with its
// configuration from the environment. Announces `listening <url>` on stdout.
// Messages: {type:'loop-delay-start'}; {type:'loop-delay-stop'} → the event loop's delay meanwhile
// (p50, p99, max in ms: how long a ready request could wait behind the work in front of it).
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { startServer } from '../../../src/server/main.js';

export interface LoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const server = await startServer();
process.stdout.write(`listening ${server.url}\n`);
const stop = (code: number) => void server.close().then(() => process.exit(code));
process.once('SIGTERM', () => stop(0));
// The bench that started this process is gone: nothing would ever stop it.
process.once('disconnect', () => stop(1));

let loopDelay: IntervalHistogram | undefined;
process.on('message', (message: { type: string }) => {
  const reply = (answer: object) => process.send?.({ type: message.type, ...answer });
  if (message.type === 'loop-delay-start') {
    loopDelay?.disable();
    loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    reply({});
  }
  if (message.type === 'loop-delay-stop') {
    const histogram = loopDelay;
    histogram?.disable();
    loopDelay = undefined;
    const ms = (ns: number | undefined) => (ns ?? 0) / 1e6;
    reply({ p50Ms: ms(histogram?.percentile(50)), p99Ms: ms(histogram?.percentile(99)), maxMs: ms(histogram?.max) } satisfies LoopDelay);
  }
});
