import { IP_GROUP_MAX_IPS, ipRule, type FieldError } from '../../../shared/index.js';

/** A line of the text that is not an address, numbered as the user sees it (1-based, blank lines counted). */
export interface InvalidIpLine {
  line: number;
  text: string;
}

export interface IpLinesCheck {
  /** The addresses to send: each valid line trimmed, a repeat kept once, in the order written. */
  ips: string[];
  /** The line each address of `ips` was first written on. */
  lineOf: number[];
  invalid: InvalidIpLine[];
  /** Lines left out because their address came earlier. */
  repeats: number;
  /** More distinct addresses than a group may hold. */
  tooMany: boolean;
}

function isAddress(text: string): boolean {
  return ipRule.safeParse(text).success;
}

/**
 * Checks a one-per-line text of addresses with the shared IP rule (IPv4 or IPv6). Splits lines as
 * `ipLinesOf` of the contract does, but keeps line numbers so the form can name the bad ones.
 */
export function checkIpLines(text: string, max: number = IP_GROUP_MAX_IPS): IpLinesCheck {
  const check: IpLinesCheck = { ips: [], lineOf: [], invalid: [], repeats: 0, tooMany: false };
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const entry = raw.trim();
    if (entry === '') return;
    if (!isAddress(entry)) check.invalid.push({ line: index + 1, text: entry });
    else if (seen.has(entry)) check.repeats += 1;
    else {
      seen.add(entry);
      check.ips.push(entry);
      check.lineOf.push(index + 1);
    }
  });
  check.tooMany = check.ips.length > max;
  return check;
}

/** Whether the addresses may be sent: at least one, none invalid, not too many. */
export function ipLinesAreSendable(check: IpLinesCheck): boolean {
  return check.ips.length > 0 && check.invalid.length === 0 && !check.tooMany;
}

/** The text the form shows for a group's addresses. */
export function ipTextOf(ips: readonly string[]): string {
  return ips.join('\n');
}

/**
 * The lines named by the server's field errors on `ips.<index>` (the index into the array sent),
 * so an answer the client did not foresee still points at the user's line.
 */
export function linesOfIpErrors(errors: readonly FieldError[], check: Pick<IpLinesCheck, 'ips' | 'lineOf'>): InvalidIpLine[] {
  const lines: InvalidIpLine[] = [];
  for (const error of errors) {
    const match = /^ips\.(\d+)$/.exec(error.field);
    const index = match ? Number(match[1]) : -1;
    const line = check.lineOf[index];
    const ip = check.ips[index];
    if (line !== undefined && ip !== undefined) lines.push({ line, text: ip });
  }
  return lines;
}
