// The calls that send or answer a file (the import's upload, templates, failed rows): apart from
// api-client.ts, so only the screens that make them load this (not the first screen).
import type { CallAnswer, CallBody, Calls } from '../../shared/index.js';
import { CALL_ROUTES } from '../../shared/calls/call-routes.js';
import type { CallRoute } from '../../shared/calls/paths.js';
import { envelopeDataOf, readEnvelope, refusal, send, tracked, type FileCallId, type RequestOptions, type Sending, type UploadCallId } from './api-client.js';
import { download, fileNameOfDisposition } from './download.js';

/**
 * Sends a file to an `upload` call as multipart: the file in the call's part, the body's fields as
 * text parts. Answers, refusals, the progress bar and a 401 go as for `request`.
 */
export function upload<Id extends UploadCallId>(
  callId: Id,
  file: File,
  body?: CallBody<Calls[Id]>,
  options: RequestOptions = {},
): Promise<CallAnswer<Calls[Id]>> {
  const call: CallRoute = CALL_ROUTES[callId];
  const form = new FormData();
  for (const [name, value] of Object.entries(body ?? {})) form.append(name, String(value));
  form.append(CALL_ROUTES[callId].upload.field, file, file.name);
  const sending: Sending = { callId, call, body, payload: { kind: 'form', form }, options };
  return tracked(call, () => envelopeDataOf(sending) as Promise<CallAnswer<Calls[Id]>>);
}

/** A file a call answered, as the browser was given it. */
export interface DownloadedFile {
  fileName: string;
  size: number;
}

async function savedFileOf(sending: Sending): Promise<DownloadedFile> {
  const answered = await send(sending);
  const { response } = answered;
  const isEnvelope = (response.headers.get('content-type') ?? '').includes('application/json');
  if (!response.ok || isEnvelope) throw refusal(sending, answered, await readEnvelope(response));
  const blob = await response.blob();
  const fileName = fileNameOfDisposition(response.headers.get('content-disposition'), 'download');
  download(blob, fileName, blob.type || 'application/octet-stream');
  return { fileName, size: blob.size };
}

/**
 * Makes an `answersFile` call and hands the file to the browser as a download, named as the
 * server's Content-Disposition says. A refusal is an envelope, told like any other call's.
 */
export function downloadFile<Id extends FileCallId>(callId: Id, body?: CallBody<Calls[Id]>, options: RequestOptions = {}): Promise<DownloadedFile> {
  const call: CallRoute = CALL_ROUTES[callId];
  const sending: Sending = { callId, call, body, payload: { kind: 'json', body }, options };
  return tracked(call, () => savedFileOf(sending));
}
