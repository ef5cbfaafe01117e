import { bytesToIpv4, bytesToIpv6, ipv4ToBytes, ipv6ToBytes } from './addresses.js';
import { CLASS_IN, DnsFormatError, RECORD_TYPE_CODES, type DnsRecord, type RecordData } from './message.js';
import type { WireReader, WireWriter } from './wire.js';

const MAX_CHARACTER_STRING = 255;

function typeCodeOf(data: RecordData): number {
  return data.type === 'RAW' ? data.code : RECORD_TYPE_CODES[data.type];
}

function writeCharacterStrings(writer: WireWriter, strings: readonly string[]): void {
  for (const text of strings) {
    const bytes = Buffer.from(text, 'utf8');
    // A long TXT value is carried as several character-strings, as zone files do.
    for (let start = 0; start === 0 || start < bytes.length; start += MAX_CHARACTER_STRING) {
      const chunk = bytes.subarray(start, start + MAX_CHARACTER_STRING);
      writer.u8(chunk.length);
      writer.raw(chunk);
    }
  }
}

function writeRdata(writer: WireWriter, data: RecordData): void {
  switch (data.type) {
    case 'A':
      return writer.raw(ipv4ToBytes(data.address));
    case 'AAAA':
      return writer.raw(ipv6ToBytes(data.address));
    case 'CNAME':
    case 'NS':
      return writer.name(data.target);
    case 'MX':
      writer.u16(data.preference);
      return writer.name(data.exchange);
    case 'TXT':
      return writeCharacterStrings(writer, data.strings);
    case 'SOA':
      writer.name(data.mname);
      writer.name(data.rname);
      for (const value of [data.serial, data.refresh, data.retry, data.expire, data.minimum]) writer.u32(value);
      return;
    case 'RAW':
      return writer.raw(data.rdata);
  }
}

export function writeRecord(writer: WireWriter, record: DnsRecord): void {
  writer.name(record.name);
  writer.u16(typeCodeOf(record));
  writer.u16(record.class ?? CLASS_IN);
  writer.u32(record.ttl);
  const lengthAt = writer.offset;
  writer.u16(0);
  writeRdata(writer, record);
  writer.patchU16(lengthAt, writer.offset - lengthAt - 2);
}

function readCharacterStrings(reader: WireReader, end: number): string[] {
  const strings: string[] = [];
  while (reader.offset < end) strings.push(reader.take(reader.u8()).toString('utf8'));
  return strings;
}

function readFixedAddress(reader: WireReader, length: number, expected: number): Buffer {
  if (length !== expected) throw new DnsFormatError(`address record of ${length} bytes, expected ${expected}`);
  return reader.take(length);
}

function readRdata(reader: WireReader, code: number, length: number): RecordData {
  const end = reader.offset + length;
  switch (code) {
    case RECORD_TYPE_CODES.A:
      return { type: 'A', address: bytesToIpv4(readFixedAddress(reader, length, 4)) };
    case RECORD_TYPE_CODES.AAAA:
      return { type: 'AAAA', address: bytesToIpv6(readFixedAddress(reader, length, 16)) };
    case RECORD_TYPE_CODES.CNAME:
      return { type: 'CNAME', target: reader.name() };
    case RECORD_TYPE_CODES.NS:
      return { type: 'NS', target: reader.name() };
    case RECORD_TYPE_CODES.MX:
      return { type: 'MX', preference: reader.u16(), exchange: reader.name() };
    case RECORD_TYPE_CODES.TXT:
      return { type: 'TXT', strings: readCharacterStrings(reader, end) };
    case RECORD_TYPE_CODES.SOA: {
      const [mname, rname] = [reader.name(), reader.name()];
      const [serial, refresh, retry, expire, minimum] = [reader.u32(), reader.u32(), reader.u32(), reader.u32(), reader.u32()];
      return { type: 'SOA', mname, rname, serial, refresh, retry, expire, minimum };
    }
    default:
      return { type: 'RAW', code, rdata: Uint8Array.from(reader.take(length)) };
  }
}

export function readRecord(reader: WireReader): DnsRecord {
  const name = reader.name();
  const code = reader.u16();
  const recordClass = reader.u16();
  const ttl = reader.u32();
  const length = reader.u16();
  const start = reader.offset;
  if (start + length > reader.bytes.length) throw new DnsFormatError(`record data runs past the message end`);
  const data = readRdata(reader, code, length);
  if (reader.offset !== start + length) throw new DnsFormatError(`record data of type ${code} does not fill its length ${length}`);
  return { ...data, name, class: recordClass, ttl };
}
