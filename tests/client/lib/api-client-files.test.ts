import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, upload } from '../../../src/client/lib/api-files.js';
import { onApiEvent, type ApiEvent } from '../../../src/client/lib/api-events.js';
import { ApiError } from '../../../src/client/lib/api-failure.js';
import { fileNameOfDisposition } from '../../../src/client/lib/download.js';
import { inFlight } from '../../../src/client/lib/in-flight.js';
import { endSession, startSession } from '../../../src/client/lib/session-storage.js';
import { API_BASE, errorName, httpStatusOf, type ErrorCode } from '../../../src/shared/index.js';

/*
 * As in api-client.test.ts, only the server's side of the wire is stood in for: `fetch` answers
 * real Responses (envelopes, or a file with its Content-Disposition). The browser's download is
 * watched where it happens: the link the console clicks.
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Sent {
  url: string;
  init: RequestInit;
}

const sent: Sent[] = [];
const events: ApiEvent[] = [];
let answer: () => Response = () => new Response('no answer set up', { status: 500 });
/** What the console handed the browser to save: the link's name and the file's bytes. */
const saved: { name: string; text: Promise<string>; type: string }[] = [];
const blobs = new Map<string, Blob>();

const envelope = (data: unknown) => new Response(JSON.stringify({ status: true, code: 200, name: 'OK', message: '', data }), { headers: { 'content-type': 'application/json' } });
const refusal = (code: ErrorCode, message = '') =>
  new Response(JSON.stringify({ status: false, code, name: errorName(code), message, data: null }), {
    status: httpStatusOf(code),
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });

function fakeDocument() {
  return {
    createElement: () => {
      const link = { href: '', download: '', rel: '', click: () => saved.push({ name: link.download, ...blobOf(link.href) }), remove: () => undefined };
      return link;
    },
    body: { append: () => undefined },
  };
}

function blobOf(url: string): { text: Promise<string>; type: string } {
  const blob = blobs.get(url) ?? new Blob([]);
  return { text: blob.text(), type: blob.type };
}

let stopListening: () => void;

beforeAll(() => {
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return Promise.resolve(answer());
  });
  vi.stubGlobal('document', fakeDocument());
  vi.stubGlobal('window', { setTimeout: () => 0 });
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:${blobs.size + 1}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  stopListening = onApiEvent((event) => events.push(event));
});

afterAll(() => {
  stopListening();
  vi.unstubAllGlobals();
});

beforeEach(() => {
  sent.length = 0;
  events.length = 0;
  saved.length = 0;
  startSession('token-a');
});

const headersOf = (init: RequestInit | undefined) => (init?.headers ?? {}) as Record<string, string>;

describe('an upload (calls with `upload`)', () => {
  it('sends the file as multipart in the call\'s part, with the token and no JSON content type', async () => {
    answer = () => envelope({ sno: 'imp-1', total: 12 });
    const file = new File(['PK fake xlsx'], 'tasks.xlsx', { type: XLSX });
    await expect(upload('domainImport', file)).resolves.toEqual({ sno: 'imp-1', total: 12 });
    const [request] = sent;
    expect(request?.url).toBe(`${API_BASE}/domain/import`);
    expect(request?.init.method).toBe('POST');
    expect(headersOf(request?.init).Authorization).toBe('Bearer token-a');
    expect(headersOf(request?.init)['Content-Type']).toBeUndefined();
    const form = request?.init.body as FormData;
    const part = form.get('file') as File;
    expect(part.name).toBe('tasks.xlsx');
    expect(await part.text()).toBe('PK fake xlsx');
  });

  it('shows the progress bar while it is on its way', async () => {
    let seen = 0;
    answer = () => {
      seen = inFlight.get();
      return envelope({ sno: 'imp-2', total: 1 });
    };
    await upload('domainImport', new File(['x'], 'a.xlsx'));
    expect(seen).toBe(1);
    expect(inFlight.get()).toBe(0);
  });

  it('notifies a refusal like any call (2105 while an import is processing) and throws it to the screen', async () => {
    answer = () => refusal(2105);
    const error: unknown = await upload('domainImport', new File(['x'], 'a.xlsx')).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ApiError);
    expect(events).toEqual([{ type: 'failure', callId: 'domainImport', failure: (error as ApiError).failure }]);
    expect((error as ApiError).failure).toMatchObject({ kind: 'envelope', code: 2105, httpStatus: 409 });
  });

  it('leaves a refusal the screen explains (2104 naming the tab) to the screen', async () => {
    answer = () => refusal(2104, 'TCP: column C should be Port');
    const error: unknown = await upload('domainImport', new File(['x'], 'a.xlsx'), undefined, { explains: [2104] }).catch((thrown: unknown) => thrown);
    expect(events).toEqual([]);
    expect((error as ApiError).failure).toMatchObject({ kind: 'envelope', code: 2104, message: 'TCP: column C should be Port' });
  });

  it('ends the session on a 401 instead of notifying', async () => {
    answer = () => refusal(401 as ErrorCode);
    await upload('domainImport', new File(['x'], 'a.xlsx')).catch(() => undefined);
    expect(events).toEqual([{ type: 'unauthorized', token: 'token-a' }]);
    endSession('signedOut');
  });

  it.each([2005, 2006] as const)('ends the session with the operator\'s reason on a %i (suspended, privilege deactivated)', async (code) => {
    answer = () => refusal(code);
    await upload('domainImport', new File(['x'], 'a.xlsx')).catch(() => undefined);
    expect(events).toEqual([{ type: 'unauthorized', token: 'token-a', endCode: code }]);
    endSession('signedOut');
  });
});

describe('a file download (calls with `answersFile`)', () => {
  it('asks with the JSON body and the token, and saves the file under the name the server gives', async () => {
    answer = () =>
      new Response(new Blob(['xlsx bytes']), {
        headers: { 'content-type': XLSX, 'content-disposition': `attachment; filename="import-template-20261126.xlsx"; filename*=UTF-8''%E5%8C%AF%E5%85%A5-20261126.xlsx` },
      });
    await expect(downloadFile('domainImportTemplate', { language: 'zh-tw' })).resolves.toEqual({ fileName: '匯入-20261126.xlsx', size: 10 });
    const [request] = sent;
    expect(request?.url).toBe(`${API_BASE}/domain/import/template`);
    expect(JSON.parse(String(request?.init.body))).toEqual({ language: 'zh-tw' });
    expect(headersOf(request?.init).Authorization).toBe('Bearer token-a');
    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toBe('匯入-20261126.xlsx');
    expect(saved[0]?.type).toBe(XLSX);
    expect(await saved[0]?.text).toBe('xlsx bytes');
  });

  it('saves nothing and notifies the usual text when the server refuses (2106 no such import)', async () => {
    answer = () => refusal(2106);
    const error: unknown = await downloadFile('domainImportFailedFile', { sno: 'gone' }).catch((thrown: unknown) => thrown);
    expect(saved).toEqual([]);
    expect((error as ApiError).failure).toMatchObject({ kind: 'envelope', code: 2106 });
    expect(events).toEqual([{ type: 'failure', callId: 'domainImportFailedFile', failure: (error as ApiError).failure }]);
  });

  it('takes an envelope answered with 200 for no file: a refusal, never saved as one', async () => {
    answer = () => new Response(JSON.stringify({ status: false, code: 2106, name: 'x', message: '', data: null }), { headers: { 'content-type': 'application/json' } });
    await expect(downloadFile('domainImportFailedFile', { sno: 'gone' })).rejects.toBeInstanceOf(ApiError);
    expect(saved).toEqual([]);
  });
});

describe('the file name of a Content-Disposition header', () => {
  it.each([
    ['attachment; filename="a b.xlsx"', 'a b.xlsx'],
    ['attachment; filename=plain.xlsx', 'plain.xlsx'],
    [`attachment; filename="fallback.xlsx"; filename*=UTF-8''%E5%A4%B1%E6%95%97.xlsx`, '失敗.xlsx'],
    [`attachment; filename*=utf-8''only%20extended.xls`, 'only extended.xls'],
    ['attachment; filename=..\\..\\evil.xlsx', 'evil.xlsx'],
    ['attachment; filename="say \\"hi\\".xlsx"', 'say "hi".xlsx'],
    ['attachment; filename="dir/evil.xlsx"', 'evil.xlsx'],
    [`attachment; filename*=UTF-8''%E0%A4%A`, 'download'],
    ['attachment', 'download'],
  ])('%s → %s', (header, name) => {
    expect(fileNameOfDisposition(header, 'download')).toBe(name);
  });

  it('is the fallback without a header', () => {
    expect(fileNameOfDisposition(null, 'x.xlsx')).toBe('x.xlsx');
  });
});
