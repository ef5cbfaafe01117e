import fc from 'fast-check';

/**
 * Request bodies that are not a JSON object of the right content type: text that is no JSON,
 * JSON cut short, a wrong or odd content type, bytes that are no UTF-8, bodies over the limit,
 * nesting thousands of levels deep, prototype keys, duplicate keys, a byte-order mark, nothing at
 * all, and multipart bodies that are broken or carry the wrong parts.
 */

export interface RawCase {
  label: string;
  payload: string | Buffer;
  /** Absent: no content type header. */
  contentType: string | undefined;
}

const JSON_TYPE = 'application/json';
const json = (label: string, payload: string | Buffer): RawCase => ({ label, payload, contentType: JSON_TYPE });

const WRONG_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'multipart/form-data',
  'application/json; charset=utf-16',
  'application/jsonx',
  'application/json, text/plain',
  '*/*',
  'text/html; charset=\u00ff',
] as const;

function multipart(boundary: string, parts: readonly string[]): string {
  return `${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('')}--${boundary}--\r\n`;
}

const multipartCases = fc.oneof(
  fc.string({ maxLength: 200 }).map((junk) => ({ label: 'multipart: junk', payload: junk, contentType: 'multipart/form-data; boundary=zz' })),
  fc.string({ maxLength: 60 }).map((value) => ({
    label: 'multipart: wrong part',
    payload: multipart('b1', [`Content-Disposition: form-data; name="other"; filename="x.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n${value}`]),
    contentType: 'multipart/form-data; boundary=b1',
  })),
  fc.integer({ min: 2, max: 400 }).map((count) => ({
    label: `multipart: ${count} fields`,
    payload: multipart('b2', Array.from({ length: count }, (_, index) => `Content-Disposition: form-data; name="f${index}"\r\n\r\n${index}`)),
    contentType: 'multipart/form-data; boundary=b2',
  })),
  fc.constant({ label: 'multipart: unterminated', payload: '--b3\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK', contentType: 'multipart/form-data; boundary=b3' }),
);

function nested(depth: number, object: boolean): string {
  return object ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** Raw bodies for a call whose request body may be at most `bodyLimit` bytes; `sampleJson` is a plausible body. */
export function rawBodies(sampleJson: string, bodyLimit: number): fc.Arbitrary<RawCase> {
  return fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 80 }).filter((text) => !isJson(text)).map((text) => json('not JSON', text)),
    fc.nat({ max: Math.max(0, sampleJson.length - 1) }).map((length) => json('cut short', sampleJson.slice(0, length))),
    fc.constantFrom(...WRONG_TYPES).map((contentType) => ({ label: `content type ${contentType}`, payload: sampleJson, contentType })),
    fc.constant({ label: 'no content type', payload: sampleJson, contentType: undefined }),
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => json('bytes', Buffer.concat([Buffer.from('{"a":"'), Buffer.from(bytes), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]))),
    fc.integer({ min: 1, max: 4096 }).map((extra) => json(`over the limit by ${extra}`, `{"pad":"${'x'.repeat(bodyLimit + extra)}"}`)),
    fc.tuple(fc.integer({ min: 500, max: 100_000 }), fc.boolean()).map(([depth, object]) => json(`nested ${depth}`, nested(depth, object))),
    fc.constantFrom('null', 'true', '0', '"x"', '[]', '1e999', '-0', '{}', '""').map((text) => json(`scalar ${text}`, text)),
    fc.constantFrom('{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}').map((text) => json('prototype key', text)),
    fc.constant(json('duplicate keys', sampleJson.startsWith('{"') ? `{"a":1,"a":2,${sampleJson.slice(1)}` : '{"a":1,"a":2}')),
    fc.constant(json('byte-order mark', `\uFEFF${sampleJson}`)),
    fc.constant(json('empty', '')),
    multipartCases,
  );
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
