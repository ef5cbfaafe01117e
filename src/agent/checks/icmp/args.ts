/** Pure command lines for ICMP echo: fping for many targets at once, ping as the fallback. */

/** Gap between the echo requests to one target (ping's smallest unprivileged interval). */
export const ICMP_PERIOD_MS = 200;
/**
 * Minimum gap between any two requests of one fping run, whatever their targets. Each round goes
 * to all targets back to back: one target still gets an echo only every ICMP_PERIOD_MS, and fping
 * then wakes once a round instead of once a packet, which is most of its CPU per check.
 */
export const FPING_SEND_INTERVAL_MS = 0;
/** Extra time a tool gets beyond its own waits before it is killed. */
const DEADLINE_SLACK_MS = 2_000;

export interface EchoPlan {
  count: number;
  /** How long to wait for each reply. */
  timeoutMs: number;
}

/** `fping -C <count> -q -t <timeout> -p <period> -i <interval> <ips…>`: one process, many targets. */
export function fpingArgs(plan: EchoPlan, ips: readonly string[]): string[] {
  return [
    '-C',
    String(plan.count),
    '-q',
    '-t',
    String(plan.timeoutMs),
    '-p',
    String(ICMP_PERIOD_MS),
    '-i',
    String(FPING_SEND_INTERVAL_MS),
    ...ips,
  ];
}

/** `ping -c <count> -W <s> -i 0.2 -n <ip>` (iputils; -W takes whole seconds, at least 1). */
export function pingArgs(plan: EchoPlan, ip: string): string[] {
  return ['-c', String(plan.count), '-W', String(pingWaitSeconds(plan)), '-i', String(ICMP_PERIOD_MS / 1000), '-n', ip];
}

function pingWaitSeconds(plan: EchoPlan): number {
  return Math.max(1, Math.ceil(plan.timeoutMs / 1000));
}

/** When an fping run over `targets` addresses must have finished. */
export function fpingDeadlineMs(plan: EchoPlan, targets: number): number {
  const sending = plan.count * targets * FPING_SEND_INTERVAL_MS;
  return (plan.count - 1) * ICMP_PERIOD_MS + sending + plan.timeoutMs + DEADLINE_SLACK_MS;
}

/** When a ping run must have finished. */
export function pingDeadlineMs(plan: EchoPlan): number {
  return (plan.count - 1) * ICMP_PERIOD_MS + pingWaitSeconds(plan) * 1000 + DEADLINE_SLACK_MS;
}
