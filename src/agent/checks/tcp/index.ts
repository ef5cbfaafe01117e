import { MONITOR_TYPES } from '../../../shared/codes.js';
import type { CheckOptionsOf } from '../../../shared/probe/options.js';
import type { CheckResultOf } from '../../../shared/probe/results.js';
import { ipMatchOf } from '../../../shared/ip.js';
import { bareHost } from '../target.js';
import type { CheckContext, CheckModule } from '../types.js';
import { Budget, startStopwatch } from '../clock.js';
import { connectTcp } from './connect.js';
import { resolveWithin } from './resolve.js';

type TcpResult = CheckResultOf<typeof MONITOR_TYPES.TCP>;
type TcpOutcome = Pick<TcpResult, 'failure' | 'resolvedIps' | 'ipMatched' | 'details'>;

/** Type 2: the time to complete a TCP handshake with the first address the host resolves to. */
async function runTcp(options: CheckOptionsOf<typeof MONITOR_TYPES.TCP>, ctx: CheckContext): Promise<TcpResult> {
  const watch = startStopwatch();
  const outcome = await connectOnce(options, ctx);
  return { type: MONITOR_TYPES.TCP, ok: outcome.failure === null, startedAt: watch.startedAt, durationMs: watch.elapsedMs(), ...outcome };
}

async function connectOnce(options: CheckOptionsOf<typeof MONITOR_TYPES.TCP>, ctx: CheckContext): Promise<TcpOutcome> {
  const budget = new Budget(options.timeoutMs, ctx.signal);
  const details = { ip: null, port: options.port, connectMs: null };
  const resolved = await resolveWithin(bareHost(options.host), ctx.allowPrivateTargets, budget);
  if (!resolved.ok) return { failure: resolved.failure, resolvedIps: [], ipMatched: null, details };

  const { ip, ips: resolvedIps } = resolved.value;
  const ipMatched = ipMatchOf(resolvedIps, ctx.matchingIps);
  const connection = await connectTcp(ip, options.port, budget);
  if (!connection.ok) return { failure: connection.failure, resolvedIps, ipMatched, details: { ...details, ip } };

  connection.value.socket.destroy();
  return { failure: null, resolvedIps, ipMatched, details: { ...details, ip, connectMs: connection.value.connectMs } };
}

export const tcpCheck: CheckModule<typeof MONITOR_TYPES.TCP> = { type: MONITOR_TYPES.TCP, run: runTcp };
