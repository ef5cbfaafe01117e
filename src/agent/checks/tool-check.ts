import type { CheckResultOf, Failure } from '../../shared/probe/results.js';
import { startStopwatch } from './clock.js';
import { resolveToolTarget, type ToolOutcome, type ToolRunner, toolMissingFailure } from './tools.js';
import type { CheckContext, CheckType } from './types.js';

/**
 * The flow of a check that is one run of a command-line tool against one address (traceroute,
 * MTR): resolve the host through the target guard, run the tool on the first address within what
 * is left of the budget, and read its output into the result.
 */

type DetailsOf<T extends CheckType> = NonNullable<CheckResultOf<T>['details']>;

export interface ToolCheckSpec<T extends CheckType> {
  type: T;
  tool: string;
  args: (ip: string) => string[];
  /** The failure (null: ok) and details the tool's outcome shows. A missing tool never gets here. */
  read: (outcome: ToolOutcome, ip: string) => { failure: Failure | null; details: DetailsOf<T> | null };
  /** For a tool read while it runs: what takes its output as it arrives, once the address is known. */
  stream?: (ip: string) => (text: string) => void;
}

/** The least a tool is given, even when resolving ate most of the budget. */
const MIN_TOOL_MS = 1_000;

export async function runToolCheck<T extends CheckType>(
  spec: ToolCheckSpec<T>,
  options: { host: string; timeoutMs: number },
  ctx: CheckContext,
  runner: ToolRunner,
): Promise<CheckResultOf<T>> {
  const watch = startStopwatch();
  const finish = (fields: { failure: Failure | null; resolvedIps: string[]; ipMatched: boolean | null; details: DetailsOf<T> | null }) =>
    ({ type: spec.type, ok: fields.failure === null, startedAt: watch.startedAt, durationMs: watch.elapsedMs(), ...fields }) as CheckResultOf<T>;
  const target = await resolveToolTarget(options.host, ctx);
  if (!target.ok) return finish({ failure: target.failure, resolvedIps: [], ipMatched: null, details: null });
  const known = { resolvedIps: target.ips, ipMatched: target.ipMatched };
  const timeoutMs = Math.max(MIN_TOOL_MS, options.timeoutMs - watch.elapsedMs());
  const onStdout = spec.stream?.(target.ip);
  const outcome = await runner(spec.tool, spec.args(target.ip), { timeoutMs, signal: ctx.signal, ...(onStdout ? { onStdout } : {}) });
  if (outcome.status === 'missing') return finish({ failure: toolMissingFailure(spec.tool), ...known, details: null });
  return finish({ ...known, ...spec.read(outcome, target.ip) });
}
