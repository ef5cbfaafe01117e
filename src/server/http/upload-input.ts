import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UploadSpec } from '../../shared/calls/define.js';
import { AppError, badParameter, fieldError } from './app-error.js';

/** The file part of an upload call, read whole (at most the call's `maxBytes`). */
export interface UploadedFile {
  fileName: string;
  bytes: Uint8Array;
}

/** What an upload request carries: its file (none chosen: undefined) and its text fields as the body. */
export interface UploadRequest {
  upload: UploadedFile | undefined;
  fields: Record<string, string>;
}

/** Text fields beside the file: a few short ones at most (names and values in bytes). */
const UPLOAD_FIELDS_MAX = 8;
const UPLOAD_FIELD_BYTES_MAX = 1_024;
const UPLOAD_FIELD_NAME_BYTES_MAX = 100;

function multipartLimits(spec: UploadSpec) {
  return {
    files: 1,
    fileSize: spec.maxBytes,
    fields: UPLOAD_FIELDS_MAX,
    parts: UPLOAD_FIELDS_MAX + 1,
    fieldSize: UPLOAD_FIELD_BYTES_MAX,
    fieldNameSize: UPLOAD_FIELD_NAME_BYTES_MAX,
    headerPairs: 20,
  };
}

interface ErrorLike {
  code?: unknown;
}

/**
 * The multipart parser's refusals as catalogue errors. A file over the limit is `file` 10010005
 * with the limit in bytes (413), told while it streams in; every other malformed or over-limit
 * request is a bad request as a whole.
 */
function refusalOf(error: unknown, spec: UploadSpec): unknown {
  const code = (typeof error === 'object' && error !== null ? (error as ErrorLike).code : undefined) ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return badParameter([fieldError(spec.field, 10010005, { max: spec.maxBytes, kind: 'bytes' })], 413);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') return badParameter([fieldError('', 10010001)], 413);
  // Busboy's own errors (a truncated or malformed form) carry no code: the request is malformed.
  return badParameter([fieldError('', 10010001)]);
}

async function collectParts(request: FastifyRequest, spec: UploadSpec): Promise<UploadRequest> {
  let upload: UploadedFile | undefined;
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for await (const part of request.parts({ limits: multipartLimits(spec) })) {
    if (part.type === 'file') {
      // Another file part than the call's is an unknown field; its bytes are never kept.
      if (part.fieldname !== spec.field) throw badParameter([fieldError(part.fieldname, 10010001)]);
      upload = { fileName: part.filename, bytes: new Uint8Array(await part.toBuffer()) };
    } else {
      if (part.valueTruncated || part.fieldnameTruncated) throw badParameter([fieldError(part.fieldname, 10010005, { max: UPLOAD_FIELD_BYTES_MAX })]);
      fields[part.fieldname] = String(part.value);
    }
  }
  return { upload, fields: { ...fields } };
}

/**
 * Reads an upload call's multipart body: 1001 when the request is not multipart, the file over
 * the limit (`file` 10010005), or the form malformed. A form without the file part answers
 * `upload: undefined`; the handler says a file must be chosen.
 */
export async function readUploadRequest(request: FastifyRequest, spec: UploadSpec): Promise<UploadRequest> {
  if (!request.isMultipart()) throw badParameter([fieldError('', 10010001)]);
  try {
    return await collectParts(request, spec);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refusalOf(error, spec);
  }
}

/** No file chosen: `file` is required (10010002). */
export function missingFile(spec: UploadSpec): Error {
  return badParameter([fieldError(spec.field, 10010002)]);
}

/** Registers the multipart parser once; only upload calls read a multipart body, each with its own limits. */
export async function registerMultipart(app: FastifyInstance, defaultFileBytes: number): Promise<void> {
  await app.register(multipart, { throwFileSizeLimit: true, limits: { files: 1, fields: UPLOAD_FIELDS_MAX, parts: UPLOAD_FIELDS_MAX + 1, fileSize: defaultFileBytes } });
}
