// faults.agent_cutoff: a real agent process in a network namespace of its own, cut off from its
// server for 10 minutes (quick: 2) with 50 one-minute TCP tasks, then let back: it must keep
// checking, spool, and deliver everything once. Prints what it produced, what was stored, and the
// duplicates and losses (both must be 0). Needs root and iproute2; otherwise the section says why
// and prints nothing. Stops by itself (the cut is timed, the delivery waits with a deadline).
import { runAgentCutoff } from '../../tests/agent/helpers/agent-cutoff.js';
import { namespaceUnavailableReason } from '../../tests/agent/helpers/netns.js';
import { progress, type BenchOptions, type Figure } from './report.js';

const TASKS = 50;

export async function faultsFigures(options: BenchOptions): Promise<Figure[]> {
  const unavailable = namespaceUnavailableReason();
  if (unavailable !== null) {
    progress(`faults.agent_cutoff skipped: ${unavailable}`);
    return [];
  }
  const minutes = options.quick ? 2 : 10;
  progress(`faults.agent_cutoff: ${TASKS} one-minute tasks, the agent cut off for ${minutes} minutes`);
  const outcome = await runAgentCutoff({ cutMs: minutes * 60_000, tasks: TASKS, note: progress });
  const figure = (name: string, value: number, target: string | null, better: Figure['better'] = 'lower'): Figure => ({
    name: `faults.agent_cutoff_${name}`,
    value,
    unit: 'results',
    target,
    better,
  });
  return [
    figure('produced', outcome.produced, null, 'higher'),
    figure('produced_while_cut', outcome.producedWhileCut, `≥ ${TASKS * (minutes - 1)}`, 'higher'),
    figure('stored', outcome.stored, null, 'higher'),
    figure('duplicates', outcome.duplicates, '= 0'),
    figure('lost', outcome.lost, '= 0'),
    figure('dropped', outcome.dropped, '= 0'),
  ];
}
