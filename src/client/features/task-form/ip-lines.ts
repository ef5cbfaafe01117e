/** One address of a one-per-line text, with the line (1-based) it stands on, so errors can name it. */
export interface IpLine {
  ip: string;
  line: number;
}

/**
 * The addresses of the matching-IP text: each line trimmed, blank lines left out but still counted
 * (the user's line 3 stays line 3), and a repeated address kept once, on its first line.
 */
export function ipLinesOf(text: string): IpLine[] {
  const seen = new Set<string>();
  const lines: IpLine[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const ip = raw.trim();
    if (ip === '' || seen.has(ip)) return;
    seen.add(ip);
    lines.push({ ip, line: index + 1 });
  });
  return lines;
}

/** The text the form shows for a task's addresses. */
export function ipTextOf(ips: readonly string[]): string {
  return ips.join('\n');
}
