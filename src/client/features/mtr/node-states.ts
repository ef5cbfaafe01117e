import type { MtrNodeState } from '../../../shared/index.js';

/** How each node state looks: its tone, and whether the node is still at work. */
export const STATE_TONE: Readonly<Record<MtrNodeState, 'busy' | 'ok' | 'bad' | 'muted'>> = {
  queued: 'busy',
  running: 'busy',
  done: 'ok',
  failed: 'bad',
  timed_out: 'bad',
  offline: 'muted',
  no_tool: 'muted',
  private_refused: 'muted',
};

export const TONE_CLASS = {
  busy: 'bg-sky-50 text-sky-800',
  ok: 'bg-emerald-50 text-emerald-800',
  bad: 'bg-red-50 text-red-800',
  muted: 'bg-slate-100 text-slate-700',
} as const;

/** Milliseconds as the table writes them: three decimals at most, a dash when unknown. */
export function msText(ms: number | null, format: Intl.NumberFormat): string {
  return ms === null ? '—' : format.format(ms);
}
