import { isIP } from 'node:net';

/** Pure command line for an on-demand MTR report (mtr / mtr-tiny 0.9x with --json). */

export interface MtrPlan {
  count: number;
  maxHops: number;
}

/** `mtr --json -n -c <count> -m <maxHops> [-6] <ip>` */
export function mtrArgs(plan: MtrPlan, ip: string): string[] {
  return ['--json', '-n', '-c', String(plan.count), '-m', String(plan.maxHops), ...(isIP(ip) === 6 ? ['-6'] : []), ip];
}
