/**
 * An incremental reader of one HTTP/1.x response, as much as a check needs: the status, the
 * Location header and how many body bytes arrived, up to a cap. It follows the framing rules
 * (1xx answers skipped, no body for HEAD, 204 and 304, chunked, Content-Length, or until the
 * connection closes) so a check knows when the page has ended without waiting for the close.
 */

export const MAX_HEAD_BYTES = 64 * 1024;
const MAX_CHUNK_LINE_BYTES = 1024;

/** Why a response could not be read; the names follow Node's llhttp errors. */
export type ResponseParseError =
  | 'HPE_INVALID_CONSTANT'
  | 'HPE_INVALID_STATUS'
  | 'HPE_HEADER_OVERFLOW'
  | 'HPE_INVALID_HEADER_TOKEN'
  | 'HPE_INVALID_CONTENT_LENGTH'
  | 'HPE_INVALID_CHUNK_SIZE'
  | 'HPE_INVALID_TRANSFER_ENCODING';

type Framing = { kind: 'none' } | { kind: 'length'; left: number } | { kind: 'chunked' } | { kind: 'close' };
type ChunkState = 'size' | 'data' | 'data-end' | 'trailers';
type Stage = 'head' | 'body' | 'done';

const STATUS_LINE = /^HTTP\/1\.[01] (\d{3})(?: .*)?$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');
const HTTP_PREFIX = Buffer.from('HTTP/');
const NOTHING = Buffer.alloc(0);
const CR = 0x0d;
const LF = 0x0a;

/** 1xx answers come before the real one; 101 switches protocols and is final. */
const isInterim = (statusCode: number): boolean => statusCode >= 100 && statusCode < 200 && statusCode !== 101;

interface Head {
  statusCode: number;
  headers: Map<string, string>;
}

function parseHead(text: string): Head | ResponseParseError {
  const [statusLine = '', ...lines] = text.split('\r\n');
  if (!statusLine.startsWith('HTTP/')) return 'HPE_INVALID_CONSTANT';
  const status = STATUS_LINE.exec(statusLine);
  if (!status) return 'HPE_INVALID_STATUS';
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon);
    if (colon <= 0 || !HEADER_NAME.test(name)) return 'HPE_INVALID_HEADER_TOKEN';
    const key = name.toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers.set(key, headers.has(key) ? `${headers.get(key) ?? ''}, ${value}` : value);
  }
  return { statusCode: Number(status[1]), headers };
}

function framingOf(head: Head, method: string): Framing | ResponseParseError {
  const { statusCode, headers } = head;
  if (method === 'HEAD' || statusCode === 101 || statusCode === 204 || statusCode === 304) return { kind: 'none' };
  const transfer = headers.get('transfer-encoding');
  if (transfer !== undefined) {
    const codings = transfer.toLowerCase().split(',').map((coding) => coding.trim());
    if (codings.at(-1) !== 'chunked') return 'HPE_INVALID_TRANSFER_ENCODING';
    return { kind: 'chunked' };
  }
  const length = headers.get('content-length');
  if (length === undefined) return { kind: 'close' };
  if (!/^\d{1,15}$/.test(length)) return 'HPE_INVALID_CONTENT_LENGTH';
  const left = Number(length);
  return left === 0 ? { kind: 'none' } : { kind: 'length', left };
}

/** Fed chunks are read at once and never kept: a chunk may be a view of a buffer the next read overwrites. */
export class ResponseParser {
  statusCode: number | null = null;
  location: string | null = null;
  /** Body bytes read so far, at most the cap. */
  bodyBytes = 0;
  error: ResponseParseError | null = null;
  private stage: Stage = 'head';
  /** Bytes of a head or a chunk line that has not ended yet. */
  private pending: Buffer = NOTHING;
  private framing: Framing = { kind: 'close' };
  private chunk: ChunkState = 'size';
  private chunkLeft = 0;

  constructor(
    private readonly method: string,
    private readonly maxBodyBytes: number,
  ) {}

  /** The response has ended (or enough of its body was read); nothing more is needed. */
  get done(): boolean {
    return this.stage === 'done';
  }

  /** Whether a close of the connection now ends the response normally. */
  get endsAtClose(): boolean {
    return this.stage === 'done' || (this.stage === 'body' && this.framing.kind === 'close');
  }

  feed(data: Buffer): void {
    if (this.stage === 'done' || this.error) return;
    if (this.stage === 'head') this.feedHead(data);
    else this.feedBody(data);
  }

  private feedHead(data: Buffer): void {
    const buffer = this.pending.length === 0 ? data : Buffer.concat([this.pending, data]);
    const end = buffer.indexOf(HEAD_END);
    if (end < 0) {
      // `data` may be a view of a buffer its reader reuses (DirectReader): keep a copy.
      this.pending = buffer === data ? Buffer.from(data) : buffer;
      if (buffer.length > MAX_HEAD_BYTES) this.error = 'HPE_HEADER_OVERFLOW';
      else if (!HTTP_PREFIX.subarray(0, Math.min(buffer.length, HTTP_PREFIX.length)).equals(buffer.subarray(0, HTTP_PREFIX.length))) this.error = 'HPE_INVALID_CONSTANT';
      return;
    }
    this.pending = NOTHING;
    if (end > MAX_HEAD_BYTES) return void (this.error = 'HPE_HEADER_OVERFLOW');
    const head = parseHead(buffer.subarray(0, end).toString('latin1'));
    const rest = buffer.subarray(end + HEAD_END.length);
    if (typeof head === 'string') return void (this.error = head);
    if (isInterim(head.statusCode)) {
      if (rest.length > 0) this.feedHead(rest);
      return;
    }
    this.startBody(head, rest);
  }

  private startBody(head: Head, rest: Buffer): void {
    this.statusCode = head.statusCode;
    this.location = head.headers.get('location') ?? null;
    const framing = framingOf(head, this.method);
    if (typeof framing === 'string') return void (this.error = framing);
    this.framing = framing;
    this.stage = framing.kind === 'none' || this.maxBodyBytes === 0 ? 'done' : 'body';
    if (this.stage === 'body' && rest.length > 0) this.feedBody(rest);
  }

  private feedBody(data: Buffer): void {
    const framing = this.framing;
    if (framing.kind === 'chunked') return this.feedChunked(data);
    const take = framing.kind === 'length' ? Math.min(framing.left, data.length) : data.length;
    this.count(take);
    if (framing.kind === 'length') {
      framing.left -= take;
      if (framing.left === 0) this.stage = 'done';
    }
  }

  private count(bytes: number): void {
    this.bodyBytes = Math.min(this.maxBodyBytes, this.bodyBytes + bytes);
    if (this.bodyBytes >= this.maxBodyBytes) this.stage = 'done';
  }

  private feedChunked(data: Buffer): void {
    let offset = 0;
    while (offset < data.length && this.stage === 'body' && !this.error) {
      if (this.chunk === 'data') {
        const take = Math.min(this.chunkLeft, data.length - offset);
        this.count(take);
        this.chunkLeft -= take;
        offset += take;
        if (this.chunkLeft === 0) this.chunk = 'data-end';
        continue;
      }
      const line = this.takeLine(data, offset);
      if (!line) return;
      offset = line.next;
      this.chunkLine(line.text);
    }
  }

  /** One line of chunked framing: a chunk size, the end of a chunk's data, or a trailer. */
  private chunkLine(text: string): void {
    if (this.chunk === 'data-end') {
      if (text !== '') this.error = 'HPE_INVALID_CHUNK_SIZE';
      this.chunk = 'size';
    } else if (this.chunk === 'trailers') {
      if (text === '') this.stage = 'done';
    } else {
      const size = /^([0-9a-fA-F]{1,12})[ \t]*(?:;.*)?$/.exec(text);
      if (!size) return void (this.error = 'HPE_INVALID_CHUNK_SIZE');
      this.chunkLeft = parseInt(size[1] ?? '0', 16);
      this.chunk = this.chunkLeft === 0 ? 'trailers' : 'data';
    }
  }

  /** The next CRLF-ended line from `offset`, joined with what an earlier piece left; null until it ends. */
  private takeLine(data: Buffer, offset: number): { text: string; next: number } | null {
    if (this.pending.at(-1) === CR && data[offset] === LF) return this.endLine(this.pending.subarray(0, -1), offset + 1);
    const end = data.indexOf(CRLF, offset);
    if (end >= 0) return this.endLine(Buffer.concat([this.pending, data.subarray(offset, end)]), end + CRLF.length);
    this.pending = Buffer.concat([this.pending, data.subarray(offset)]);
    if (this.pending.length > MAX_CHUNK_LINE_BYTES) this.error = 'HPE_INVALID_CHUNK_SIZE';
    return null;
  }

  private endLine(line: Buffer, next: number): { text: string; next: number } {
    this.pending = NOTHING;
    return { text: line.toString('latin1'), next };
  }
}
