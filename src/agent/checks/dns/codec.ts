import { CLASS_IN, RECORD_TYPE_CODES, type DnsFlags, type DnsMessage, type DnsQuestion } from './message.js';
import { readRecord, writeRecord } from './records.js';
import { WireReader, WireWriter } from './wire.js';

const HEADER_BYTES = 12;

function flagsToBits(flags: DnsFlags): number {
  return (
    (Number(flags.qr) << 15) |
    ((flags.opcode & 0xf) << 11) |
    (Number(flags.aa) << 10) |
    (Number(flags.tc) << 9) |
    (Number(flags.rd) << 8) |
    (Number(flags.ra) << 7) |
    (flags.rcode & 0xf)
  );
}

function bitsToFlags(bits: number): DnsFlags {
  return {
    qr: Boolean(bits & 0x8000),
    opcode: (bits >> 11) & 0xf,
    aa: Boolean(bits & 0x0400),
    tc: Boolean(bits & 0x0200),
    rd: Boolean(bits & 0x0100),
    ra: Boolean(bits & 0x0080),
    rcode: bits & 0xf,
  };
}

/** Encodes a whole message, compressing repeated names. Throws DnsFormatError on an unencodable name or address. */
export function encodeMessage(message: DnsMessage): Buffer {
  const writer = new WireWriter();
  writer.u16(message.id);
  writer.u16(flagsToBits(message.flags));
  for (const section of [message.questions, message.answers, message.authorities, message.additionals]) writer.u16(section.length);
  for (const question of message.questions) {
    writer.name(question.name);
    writer.u16(question.type);
    writer.u16(question.class);
  }
  for (const record of [...message.answers, ...message.authorities, ...message.additionals]) writeRecord(writer, record);
  return writer.finish();
}

/** Decodes a whole message. Throws DnsFormatError on anything that does not follow RFC 1035. */
export function decodeMessage(bytes: Buffer): DnsMessage {
  const reader = new WireReader(bytes);
  const id = reader.u16();
  const flags = bitsToFlags(reader.u16());
  const [questionCount, answerCount, authorityCount, additionalCount] = [reader.u16(), reader.u16(), reader.u16(), reader.u16()];
  const questions: DnsQuestion[] = [];
  for (let index = 0; index < questionCount; index++) {
    questions.push({ name: reader.name(), type: reader.u16(), class: reader.u16() });
  }
  const readSection = (count: number) => Array.from({ length: count }, () => readRecord(reader));
  const answers = readSection(answerCount);
  const authorities = readSection(authorityCount);
  const additionals = readSection(additionalCount);
  return { id, flags, questions, answers, authorities, additionals };
}

/** The 16-bit id of a message, or null when it is too short to have a header. */
export function messageIdOf(bytes: Buffer): number | null {
  return bytes.length >= HEADER_BYTES ? bytes.readUInt16BE(0) : null;
}

export interface QueryFields {
  id: number;
  name: string;
  type: number;
  /** Advertised with an EDNS0 OPT record (RFC 6891) so answers up to this size come over UDP; 0 leaves EDNS out. */
  udpPayloadSize?: number;
}

/** A recursive query for one name and type. */
export function encodeQuery({ id, name, type, udpPayloadSize = 1232 }: QueryFields): Buffer {
  return encodeMessage({
    id,
    flags: { qr: false, opcode: 0, aa: false, tc: false, rd: true, ra: false, rcode: 0 },
    questions: [{ name, type, class: CLASS_IN }],
    answers: [],
    authorities: [],
    additionals:
      udpPayloadSize > 0
        ? [{ type: 'RAW', code: RECORD_TYPE_CODES.OPT, name: '.', class: udpPayloadSize, ttl: 0, rdata: new Uint8Array() }]
        : [],
  });
}
