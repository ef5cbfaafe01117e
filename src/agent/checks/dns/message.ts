/** The shape of a DNS message (RFC 1035 §4) as the codec reads and writes it. */

export const RECORD_TYPE_CODES = {
  A: 1,
  NS: 2,
  CNAME: 5,
  SOA: 6,
  MX: 15,
  TXT: 16,
  AAAA: 28,
  OPT: 41,
} as const;
export type RecordTypeName = keyof typeof RECORD_TYPE_CODES;

export const CLASS_IN = 1;

export const RCODES = {
  NOERROR: 0,
  FORMERR: 1,
  SERVFAIL: 2,
  NXDOMAIN: 3,
  NOTIMP: 4,
  REFUSED: 5,
} as const;
export type RcodeName = keyof typeof RCODES;

const RCODE_NAMES = Object.fromEntries(Object.entries(RCODES).map(([name, code]) => [code, name])) as Record<number, string>;

/** The rcode's mnemonic, or `RCODE<n>` for codes this product has no name for. */
export function rcodeName(rcode: number): string {
  return RCODE_NAMES[rcode] ?? `RCODE${rcode}`;
}

const TYPE_NAMES = Object.fromEntries(Object.entries(RECORD_TYPE_CODES).map(([name, code]) => [code, name])) as Record<number, string>;

/** The type's mnemonic, or `TYPE<n>` (RFC 3597) for types the codec keeps as raw bytes. */
export function recordTypeName(code: number): string {
  return TYPE_NAMES[code] ?? `TYPE${code}`;
}

export interface DnsFlags {
  /** true in a response. */
  qr: boolean;
  opcode: number;
  aa: boolean;
  /** Truncated: the answer did not fit the UDP datagram; ask again over TCP. */
  tc: boolean;
  rd: boolean;
  ra: boolean;
  rcode: number;
}

export interface DnsQuestion {
  name: string;
  type: number;
  class: number;
}

export type RecordData =
  | { type: 'A' | 'AAAA'; address: string }
  | { type: 'CNAME' | 'NS'; target: string }
  | { type: 'MX'; preference: number; exchange: string }
  | { type: 'TXT'; strings: string[] }
  | {
      type: 'SOA';
      mname: string;
      rname: string;
      serial: number;
      refresh: number;
      retry: number;
      expire: number;
      minimum: number;
    }
  /** Any other type (OPT included), kept as its wire bytes. */
  | { type: 'RAW'; code: number; rdata: Uint8Array };

export type DnsRecord = RecordData & {
  name: string;
  /** CLASS_IN for ordinary records; the UDP payload size for OPT. */
  class?: number;
  ttl: number;
};

export interface DnsMessage {
  id: number;
  flags: DnsFlags;
  questions: DnsQuestion[];
  answers: DnsRecord[];
  authorities: DnsRecord[];
  additionals: DnsRecord[];
}

export class DnsFormatError extends Error {
  override name = 'DnsFormatError';
}
