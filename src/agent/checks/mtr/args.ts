import { isIP } from 'node:net';

/** Pure command line for an on-demand MTR run (mtr 0.9x): raw output, read as it streams (raw.ts). */

export interface MtrPlan {
  count: number;
  maxHops: number;
}

/** `mtr --raw -c <count> -m <maxHops> [-6] <ip>`: with reverse-DNS names (mtr looks them up beside the probes). */
export function mtrArgs(plan: MtrPlan, ip: string): string[] {
  return ['--raw', '-c', String(plan.count), '-m', String(plan.maxHops), ...(isIP(ip) === 6 ? ['-6'] : []), ip];
}
