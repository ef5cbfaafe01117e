import type { MessageLine } from '../calls/alert-settings.js';

/** Small pieces the composer's files share. */

export function line(key: string, params: MessageLine['params'] = {}): MessageLine {
  return { key, params };
}

export function taskLine(task: { name: string; domain: string }): MessageLine {
  return line('task', { task: task.name, domain: task.domain });
}

/** A figure as printed: at most two decimals, no trailing zeros (99.95, 40, 812.5). */
export function roundedFigure(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A ratio (availability, the availability threshold) as the percentage printed. */
export function percentOf(ratio: number): number {
  return roundedFigure(ratio * 100);
}
