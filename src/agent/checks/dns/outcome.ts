import type { MONITOR_TYPES } from '../../../shared/codes.js';
import type { CheckOptionsOf } from '../../../shared/probe/options.js';
import type { Failure } from '../../../shared/probe/results.js';
import type { ServerAttempt } from './client.js';
import { bareName, sameName } from './wire.js';
import { RCODES, rcodeName, recordTypeName, type DnsMessage, type DnsRecord } from './message.js';

type RecordType = CheckOptionsOf<typeof MONITOR_TYPES.DNS>['recordType'];

export interface DnsAnswerText {
  name: string;
  type: string;
  ttl: number;
  data: string;
}

/** Long TXT values and huge answer sets are cut so one result stays a small row. */
const MAX_ANSWERS = 100;
const MAX_DATA_CHARS = 1024;
const MAX_DETAIL_CHARS = 500;
const MAX_CNAME_HOPS = 16;


function dataText(record: DnsRecord): string {
  switch (record.type) {
    case 'A':
    case 'AAAA':
      return record.address;
    case 'CNAME':
    case 'NS':
      return record.target;
    case 'MX':
      return `${record.preference} ${record.exchange}`;
    case 'TXT':
      return record.strings.join('');
    case 'SOA':
      return [record.mname, record.rname, record.serial, record.refresh, record.retry, record.expire, record.minimum].join(' ');
    case 'RAW':
      return `\\# ${record.rdata.length} ${Buffer.from(record.rdata).toString('hex')}`.trim();
  }
}

function typeText(record: DnsRecord): string {
  return record.type === 'RAW' ? recordTypeName(record.code) : record.type;
}

/** The answer section as the console shows it (A/AAAA address, CNAME/NS target, MX "pref exchange", TXT joined). */
export function answerTexts(message: DnsMessage): DnsAnswerText[] {
  return message.answers.slice(0, MAX_ANSWERS).map((record) => ({
    name: bareName(record.name),
    type: typeText(record),
    ttl: record.ttl,
    data: dataText(record).slice(0, MAX_DATA_CHARS),
  }));
}

/** The name the question's CNAME chain (within the answer section) ends at. */
function chainEnd(answers: readonly DnsRecord[], name: string): string {
  let current = name;
  for (let hop = 0; hop < MAX_CNAME_HOPS; hop++) {
    const alias = answers.find((record) => record.type === 'CNAME' && sameName(record.name, current));
    if (!alias || alias.type !== 'CNAME') break;
    current = alias.target;
  }
  return current;
}

/** The records of the asked type that answer the question, following CNAMEs from the asked name. */
export function recordsAnswering(message: DnsMessage, name: string, recordType: RecordType): DnsRecord[] {
  const owner = recordType === 'CNAME' ? name : chainEnd(message.answers, name);
  return message.answers.filter((record) => record.type === recordType && sameName(record.name, owner));
}

export function addressesOf(records: readonly DnsRecord[]): string[] {
  return records.flatMap((record) => (record.type === 'A' || record.type === 'AAAA' ? [record.address] : []));
}

/** Why a decoded answer is not a success, or null when it is one. */
export function failureOfAnswer(message: DnsMessage, answering: readonly DnsRecord[]): Failure | null {
  const rcode = message.flags.rcode;
  switch (rcode) {
    case RCODES.NOERROR:
      return answering.length > 0 ? null : { source: 'target', code: 'dns_no_answer' };
    case RCODES.NXDOMAIN:
      return { source: 'target', code: 'dns_nxdomain' };
    case RCODES.SERVFAIL:
      return { source: 'target', code: 'dns_servfail' };
    case RCODES.REFUSED:
      return { source: 'resolver', code: 'dns_refused' };
    default:
      return { source: 'resolver', code: 'dns_error', detail: rcodeName(rcode) };
  }
}

function attemptText(attempt: ServerAttempt): string {
  const { outcome } = attempt;
  const what = outcome.kind === 'error' || outcome.kind === 'malformed' ? `${outcome.kind} ${outcome.detail}` : outcome.kind;
  return `${attempt.server.label} ${attempt.transport} ${what}`;
}

/** Why no server gave an answer: the last attempt decides the code, every attempt is in the detail. */
export function failureOfAttempts(attempts: readonly ServerAttempt[]): Failure {
  const detail = attempts.map(attemptText).join('; ').slice(0, MAX_DETAIL_CHARS);
  const last = attempts.at(-1)?.outcome;
  switch (last?.kind) {
    case 'aborted':
      return { source: 'probe', code: 'timeout', detail };
    case 'malformed':
      return { source: 'resolver', code: 'dns_error', detail };
    case 'error':
      return { source: 'resolver', code: last.code === 'error' ? 'dns_error' : last.code, detail };
    default:
      return { source: 'resolver', code: 'timeout', detail };
  }
}
