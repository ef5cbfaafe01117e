import type { FastifyReply } from 'fastify';
import type { FileAnswer } from '../../shared/calls/define.js';

/** RFC 8187 / RFC 6266: the name as UTF-8, percent-encoded, plus a plain ASCII fallback. */
export function attachmentDisposition(fileName: string): string {
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Sends a call's file answer as a download that no cache keeps. */
export function sendFileAnswer(reply: FastifyReply, file: FileAnswer): FastifyReply {
  return reply
    .header('content-type', file.mimeType)
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('cache-control', 'no-store')
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}
