import { DnsFormatError } from './message.js';

const MAX_NAME_WIRE_BYTES = 255;
const MAX_LABEL_BYTES = 63;
const POINTER_LIMIT = 0x3fff;

/** A growing byte buffer that remembers where names were written, for compression (RFC 1035 §4.1.4). */
export class WireWriter {
  private bytes = Buffer.alloc(512);
  private length = 0;
  private readonly nameOffsets = new Map<string, number>();

  get offset(): number {
    return this.length;
  }

  private reserve(count: number): void {
    if (this.length + count <= this.bytes.length) return;
    const grown = Buffer.alloc(Math.max(this.bytes.length * 2, this.length + count));
    this.bytes.copy(grown, 0, 0, this.length);
    this.bytes = grown;
  }

  u8(value: number): void {
    this.reserve(1);
    this.bytes.writeUInt8(value, this.length);
    this.length += 1;
  }

  u16(value: number): void {
    this.reserve(2);
    this.bytes.writeUInt16BE(value, this.length);
    this.length += 2;
  }

  u32(value: number): void {
    this.reserve(4);
    this.bytes.writeUInt32BE(value >>> 0, this.length);
    this.length += 4;
  }

  raw(data: Uint8Array): void {
    this.reserve(data.length);
    this.bytes.set(data, this.length);
    this.length += data.length;
  }

  patchU16(at: number, value: number): void {
    this.bytes.writeUInt16BE(value, at);
  }

  /** Writes a domain name, pointing at an earlier copy of its longest known suffix when allowed. */
  name(name: string, compress = true): void {
    const labels = labelsOf(name);
    for (let index = 0; index < labels.length; index++) {
      const suffix = labels.slice(index).map((label) => label.toString('latin1').toLowerCase()).join('.');
      const earlier = this.nameOffsets.get(suffix);
      if (compress && earlier !== undefined) {
        this.u16(0xc000 | earlier);
        return;
      }
      if (this.length <= POINTER_LIMIT) this.nameOffsets.set(suffix, this.length);
      const label = labels[index] as Buffer;
      this.u8(label.length);
      this.raw(label);
    }
    this.u8(0);
  }

  finish(): Buffer {
    return Buffer.from(this.bytes.subarray(0, this.length));
  }
}

/** A name without its trailing root dot (the root itself stays `.`). */
export function bareName(name: string): string {
  return name.length > 1 && name.endsWith('.') ? name.slice(0, -1) : name;
}

/** Whether two names are the same: case-insensitive, with or without the trailing dot. */
export function sameName(left: string, right: string): boolean {
  return bareName(left).toLowerCase() === bareName(right).toLowerCase();
}

/** A name's labels as bytes; `example.com`, `example.com.` and `.` (the root) are all accepted. */
export function labelsOf(name: string): Buffer[] {
  const trimmed = name.endsWith('.') ? name.slice(0, -1) : name;
  if (trimmed === '') return [];
  const labels = trimmed.split('.').map((label) => Buffer.from(label, 'latin1'));
  let wireBytes = 1;
  for (const label of labels) {
    if (label.length === 0) throw new DnsFormatError(`empty label in ${name}`);
    if (label.length > MAX_LABEL_BYTES) throw new DnsFormatError(`label longer than 63 bytes in ${name}`);
    wireBytes += label.length + 1;
  }
  if (wireBytes > MAX_NAME_WIRE_BYTES) throw new DnsFormatError(`name longer than 255 bytes: ${name}`);
  return labels;
}

function labelText(label: Uint8Array): string {
  let text = '';
  for (const byte of label) {
    const printable = byte > 0x20 && byte < 0x7f && byte !== 0x2e && byte !== 0x5c;
    text += printable ? String.fromCharCode(byte) : `\\${byte.toString().padStart(3, '0')}`;
  }
  return text;
}

/** Bounds-checked reads over one received message. Every overrun is a DnsFormatError. */
export class WireReader {
  constructor(
    readonly bytes: Buffer,
    public offset = 0,
  ) {}

  private need(count: number, at = this.offset): void {
    if (at + count > this.bytes.length) throw new DnsFormatError(`message ends at ${this.bytes.length}, needed ${at + count}`);
  }

  u8(): number {
    this.need(1);
    return this.bytes.readUInt8(this.offset++);
  }

  u16(): number {
    this.need(2);
    const value = this.bytes.readUInt16BE(this.offset);
    this.offset += 2;
    return value;
  }

  u32(): number {
    this.need(4);
    const value = this.bytes.readUInt32BE(this.offset);
    this.offset += 4;
    return value;
  }

  take(count: number): Buffer {
    this.need(count);
    const slice = this.bytes.subarray(this.offset, this.offset + count);
    this.offset += count;
    return slice;
  }

  /**
   * Reads a possibly compressed name. Each pointer must go strictly backwards from where it was
   * met, so a crafted loop cannot spin forever.
   */
  name(): string {
    const labels: string[] = [];
    let position = this.offset;
    let resumeAt = -1;
    let wireBytes = 1;
    for (;;) {
      this.need(1, position);
      const length = this.bytes.readUInt8(position);
      if ((length & 0xc0) === 0xc0) {
        this.need(2, position);
        const target = this.bytes.readUInt16BE(position) & POINTER_LIMIT;
        if (target >= position) throw new DnsFormatError(`compression pointer at ${position} does not point backwards`);
        if (resumeAt < 0) resumeAt = position + 2;
        position = target;
        continue;
      }
      if (length & 0xc0) throw new DnsFormatError(`unsupported label type at ${position}`);
      if (length === 0) break;
      this.need(length + 1, position);
      wireBytes += length + 1;
      if (wireBytes > MAX_NAME_WIRE_BYTES) throw new DnsFormatError('name longer than 255 bytes');
      labels.push(labelText(this.bytes.subarray(position + 1, position + 1 + length)));
      position += length + 1;
    }
    this.offset = resumeAt < 0 ? position + 1 : resumeAt;
    return labels.length === 0 ? '.' : labels.join('.');
  }
}
