/** Pure format predicates behind the §5 rules; the agent and import reuse them. */

const IPV4_OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${IPV4_OCTET}(?:\\.${IPV4_OCTET}){3}$`);
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

export function isIPv4(value: string): boolean {
  return IPV4.test(value);
}

function ipv6GroupCount(part: string): number | null {
  if (part === '') return 0;
  const groups = part.split(':');
  let count = 0;
  for (const [index, group] of groups.entries()) {
    const isLast = index === groups.length - 1;
    if (isLast && group.includes('.')) {
      if (!isIPv4(group)) return null;
      count += 2;
    } else if (HEX_GROUP.test(group)) {
      count += 1;
    } else {
      return null;
    }
  }
  return count;
}

/** RFC 4291 text forms, including `::` compression and an embedded IPv4 tail; no zone ids. */
export function isIPv6(value: string): boolean {
  const halves = value.split('::');
  if (halves.length > 2) return false;
  if (halves.length === 2) {
    const [head = '', tail = ''] = halves;
    if (head.includes('.')) return false;
    const headCount = ipv6GroupCount(head);
    const tailCount = ipv6GroupCount(tail);
    return headCount !== null && tailCount !== null && headCount + tailCount <= 7;
  }
  return ipv6GroupCount(value) === 8;
}

export function isIP(value: string): boolean {
  return isIPv4(value) || isIPv6(value);
}

const DOMAIN_LABEL = /^(?!-)[\p{L}\p{N}-]{1,63}(?<!-)$/u;
const TOP_LEVEL_LABEL = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/iu;

/** A host name of at least two labels; Unicode (IDN) labels are allowed, a trailing dot is not. */
export function isDomain(value: string): boolean {
  if (value.length === 0 || value.length > 253) return false;
  const labels = value.split('.');
  if (labels.length < 2) return false;
  const topLevel = labels[labels.length - 1] ?? '';
  return labels.every((label) => DOMAIN_LABEL.test(label)) && TOP_LEVEL_LABEL.test(topLevel);
}

export function isDomainOrIP(value: string): boolean {
  return isIP(value) || isDomain(value);
}

export function isPort(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= 65_535;
}

const PORT_TEXT = /^(?:0|[1-9]\d{0,4})$/;

export function isPortText(value: string): boolean {
  return PORT_TEXT.test(value) && isPort(Number(value));
}

/** `1.2.3.4:80` or `[::1]:80`. */
export function isIPPort(value: string): boolean {
  const bracketed = /^\[([^\]]+)\]:(\d+)$/.exec(value);
  if (bracketed) return isIPv6(bracketed[1] ?? '') && isPortText(bracketed[2] ?? '');
  const separator = value.lastIndexOf(':');
  if (separator < 0) return false;
  return isIPv4(value.slice(0, separator)) && isPortText(value.slice(separator + 1));
}

export function isNumberText(value: string): boolean {
  return /^\d+$/.test(value);
}

export function isNumberOrDecimalText(value: string): boolean {
  return /^\d+(?:\.\d+)?$/.test(value);
}

const TAX_ID_WEIGHTS = [1, 2, 1, 2, 1, 2, 4, 1] as const;

function digitSum(value: number): number {
  return Math.floor(value / 10) + (value % 10);
}

/**
 * Taiwan's unified business number (統一編號): eight digits whose weighted digit sum is divisible
 * by 5 (the rule since 2023; divisible by 10 numbers stay valid), with the special case of a
 * seventh digit 7, where either value of its two-digit product may be used.
 */
export function isCompanyTaxId(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const sum = digits.reduce((total, digit, index) => total + digitSum(digit * (TAX_ID_WEIGHTS[index] ?? 0)), 0);
  if (sum % 5 === 0) return true;
  return digits[6] === 7 && (sum + 1) % 5 === 0;
}

/** Length in user-perceived code points, so an emoji or a CJK character counts as one. */
export function codePointLength(value: string): number {
  return [...value].length;
}
