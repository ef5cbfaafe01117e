import { describe, expect, it } from 'vitest';
import { MAX_HEAD_BYTES, ResponseParser } from '../../../src/agent/checks/http/response-parser.js';

const MB = 1024 * 1024;

/**
 * Feeds a recorded answer whole, then again byte by byte, then in pieces through one buffer that
 * is overwritten after each feed (as a plain check's reads arrive): the outcome must not depend on
 * how it arrives.
 */
function readBothWays(answer: string, method: 'GET' | 'HEAD' = 'GET', maxBodyBytes = MB): ResponseParser {
  const bytes = Buffer.from(answer, 'latin1');
  const whole = new ResponseParser(method, maxBodyBytes);
  whole.feed(bytes);
  const bytewise = new ResponseParser(method, maxBodyBytes);
  for (const byte of bytes) bytewise.feed(Buffer.from([byte]));
  const reused = new ResponseParser(method, maxBodyBytes);
  const readBuffer = Buffer.alloc(7);
  for (let offset = 0; offset < bytes.length; offset += readBuffer.length) {
    const read = bytes.copy(readBuffer, 0, offset);
    reused.feed(readBuffer.subarray(0, read));
    readBuffer.fill('x');
  }
  const view = (parser: ResponseParser) => ({ ...pick(parser) });
  expect(view(bytewise)).toEqual(view(whole));
  expect(view(reused)).toEqual(view(whole));
  return whole;
}

const pick = (parser: ResponseParser) => ({
  statusCode: parser.statusCode,
  location: parser.location,
  bodyBytes: parser.bodyBytes,
  done: parser.done,
  endsAtClose: parser.endsAtClose,
  error: parser.error,
});

describe('reading an HTTP/1.1 answer', () => {
  it('ends a Content-Length body after its bytes, without waiting for the close', () => {
    const parser = readBothWays('HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Type: text/plain\r\n\r\nhello');
    expect(pick(parser)).toMatchObject({ statusCode: 200, bodyBytes: 5, done: true, error: null });
  });

  it('decodes chunked framing with extensions and trailers, counting only the data', () => {
    const answer = 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4;name=x\r\nWiki\r\n5\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nExpires: never\r\n\r\n';
    expect(pick(readBothWays(answer))).toMatchObject({ statusCode: 200, bodyBytes: 23, done: true, error: null });
  });

  it('waits for the last chunk before the answer is complete', () => {
    const parser = readBothWays('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nWiki\r\n');
    expect(pick(parser)).toMatchObject({ bodyBytes: 4, done: false, endsAtClose: false });
  });

  it('skips a 100 Continue and reads the real answer after it', () => {
    const parser = readBothWays('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 302 Found\r\nLocation: /next\r\nContent-Length: 0\r\n\r\n');
    expect(pick(parser)).toMatchObject({ statusCode: 302, location: '/next', done: true });
  });

  it('reads no body for HEAD, 204 and 304 whatever the headers say', () => {
    expect(pick(readBothWays('HTTP/1.1 200 OK\r\nContent-Length: 900\r\n\r\n', 'HEAD'))).toMatchObject({ statusCode: 200, bodyBytes: 0, done: true });
    expect(pick(readBothWays('HTTP/1.1 204 No Content\r\n\r\n'))).toMatchObject({ statusCode: 204, done: true });
    expect(pick(readBothWays('HTTP/1.1 304 Not Modified\r\nContent-Length: 10\r\n\r\n'))).toMatchObject({ statusCode: 304, done: true });
  });

  it('reads an unframed body until the connection closes', () => {
    const parser = readBothWays('HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\n<html>partial');
    expect(pick(parser)).toMatchObject({ statusCode: 200, bodyBytes: 13, done: false, endsAtClose: true });
  });

  it('stops at the body cap', () => {
    const parser = readBothWays(`HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n${'x'.repeat(60)}`, 'GET', 50);
    expect(pick(parser)).toMatchObject({ bodyBytes: 50, done: true });
  });

  it('joins repeated headers and reads names in any case', () => {
    const parser = readBothWays('HTTP/1.1 301 Moved\r\nLOCATION: https://example.test/\r\ncontent-length: 0\r\n\r\n');
    expect(parser.location).toBe('https://example.test/');
  });

  it('refuses what is not HTTP, a bad status, a bad header and bad framing', () => {
    expect(readBothWays('SSH-2.0-OpenSSH_9.6\r\n').error).toBe('HPE_INVALID_CONSTANT');
    expect(readBothWays('HTTP/1.1 2000 OK\r\n\r\n').error).toBe('HPE_INVALID_STATUS');
    expect(readBothWays('HTTP/1.1 200 OK\r\nno colon here\r\n\r\n').error).toBe('HPE_INVALID_HEADER_TOKEN');
    expect(readBothWays('HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n').error).toBe('HPE_INVALID_CONTENT_LENGTH');
    expect(readBothWays('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n').error).toBe('HPE_INVALID_CHUNK_SIZE');
    expect(readBothWays('HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n').error).toBe('HPE_INVALID_TRANSFER_ENCODING');
  });

  it('refuses a head larger than the limit', () => {
    const parser = new ResponseParser('GET', MB);
    parser.feed(Buffer.from(`HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(MAX_HEAD_BYTES)}`));
    expect(parser.error).toBe('HPE_HEADER_OVERFLOW');
  });
});
