import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../../src/server/http/error-handler.js';
import { registerCall } from '../../../src/server/http/register-call.js';
import { missingFile, registerMultipart } from '../../../src/server/http/upload-input.js';
import { readImportFile } from '../../../src/server/modules/import-file/index.js';
import { CALLS } from '../../../src/shared/calls/index.js';
import { IMPORT_LIMITS, IMPORT_SHEET_NAMES } from '../../../src/shared/import/template.js';
import { createTestServer, nextIp, type TestServer } from '../helpers.js';
import { craftedZip, paddedSheetXml, workbookParts } from './crafted-zip.js';
import { VALID, fileOf } from './import-files.js';
import { multipartBody, type FormPart } from './multipart.js';

let server: TestServer;
let token: string;
/** The upload call's route as the import job will register it, on an app built like the server's (stand-in until it exists). */
let uploads: FastifyInstance;

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
  uploads = Fastify({ logger: false, bodyLimit: server.config.bodyLimitBytes });
  uploads.decorate('vigil', server.app.vigil);
  registerErrorHandling(uploads, undefined);
  await registerMultipart(uploads, server.config.bodyLimitBytes);
  registerCall(uploads, CALLS.domainImport, ({ upload }) => {
    if (!upload) throw missingFile({ field: 'file', maxBytes: IMPORT_LIMITS.fileBytes });
    return { sno: 'stand-in', total: readImportFile(upload.bytes, upload.fileName, 'en').rows.length };
  });
  await uploads.ready();
});
afterAll(async () => {
  await uploads.close();
  await server.close();
});

function upload(parts: readonly FormPart[], app: FastifyInstance = uploads, url = '/api/domain/import'): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipartBody(parts);
  return app.inject({ method: 'POST', url, headers: { ...headers, authorization: `Bearer ${token}` }, payload, remoteAddress: nextIp() });
}

const good = () => fileOf({ ICMP: [VALID.ICMP], DNS: [VALID.DNS] });

describe('upload calls', () => {
  it('hand the file to the handler', async () => {
    const response = await upload([{ name: 'file', fileName: 'tasks.xlsx', content: good() }]);
    expect(response.json()).toMatchObject({ status: true, data: { sno: 'stand-in', total: 2 } });
  });

  it('refuse a file over 5 MB while it streams in (5 MB + 1 byte), naming the limit', async () => {
    const response = await upload([{ name: 'file', fileName: 'big.xlsx', content: new Uint8Array(IMPORT_LIMITS.fileBytes + 1) }]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 1001, data: { errors: [{ field: 'file', code: 10010005, params: { max: IMPORT_LIMITS.fileBytes, kind: 'bytes' } }] } });
  });

  it('say a file must be chosen when none is, and refuse another file field, text fields the call does not take and JSON', async () => {
    const none = await upload([]);
    expect(none.json()).toMatchObject({ code: 1001, data: { errors: [{ field: 'file', code: 10010002 }] } });
    const other = await upload([{ name: 'attachment', fileName: 'tasks.xlsx', content: good() }]);
    expect(other.json()).toMatchObject({ code: 1001, data: { errors: [{ field: 'attachment', code: 10010001 }] } });
    const field = await upload([{ name: 'note', content: 'hi' }, { name: 'file', fileName: 'tasks.xlsx', content: good() }]);
    expect(field.json()).toMatchObject({ code: 1001, data: { errors: [{ field: 'note', code: 10010001 }] } });
    const json = await uploads.inject({ method: 'POST', url: '/api/domain/import', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: '{}' });
    expect(json.json()).toMatchObject({ code: 1001, data: { errors: [{ field: '', code: 10010001 }] } });
  });

  it('are refused before the body is read without a session', async () => {
    const { payload, headers } = multipartBody([{ name: 'file', fileName: 'tasks.xlsx', content: good() }]);
    const response = await uploads.inject({ method: 'POST', url: '/api/domain/import', headers, payload });
    expect(response.json()).toMatchObject({ code: 401 });
  });

  it('refuse hostile files with 2104 and keep answering', async () => {
    const hostile: FormPart[] = [
      { name: 'file', fileName: 'bomb.xlsx', content: craftedZip(workbookParts(paddedSheetXml(200 * 1024 * 1024))) },
      { name: 'file', fileName: 'picture.xlsx', content: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]) },
      { name: 'file', fileName: 'tasks.csv', content: 'name,domain\n' },
    ];
    for (const part of hostile) {
      const response = await upload([part]);
      expect(response.statusCode, part.fileName).toBe(400);
      expect(response.json(), part.fileName).toMatchObject({ status: false, code: 2104 });
      expect(response.json().message, part.fileName).not.toBe('');
    }
    expect((await upload([{ name: 'file', fileName: 'tasks.xlsx', content: good() }])).json().data.total).toBe(2);
    // While a bomb is being refused, other calls are answered too.
    const [bomb, health] = await Promise.all([upload([hostile[0] as FormPart]), server.app.inject({ method: 'GET', url: '/api/health' })]);
    expect([bomb.json().code, health.statusCode]).toEqual([2104, 200]);
  });

  it('other calls refuse a multipart body as a wrong content type', async () => {
    const response = await upload([{ name: 'name', content: 'x' }], server.app, '/api/domain/icmp/create');
    expect(response.json()).toMatchObject({ code: 1001, data: { errors: [{ field: '', code: 10010001 }] } });
  });
});

describe('the template download', () => {
  const template = (options: { body?: unknown; cookie?: string } = {}) =>
    server.call('/domain/import/template', { token, body: options.body ?? {}, ...(options.cookie ? { headers: { cookie: options.cookie } } : {}) });

  const headerOf = (response: LightMyRequestResponse) => {
    const workbook = XLSX.read(response.rawPayload, { type: 'buffer' });
    expect(workbook.SheetNames.slice(0, 5)).toEqual([...IMPORT_SHEET_NAMES]);
    return XLSX.utils.sheet_to_json<string[]>(workbook.Sheets.ICMP as XLSX.WorkSheet, { header: 1 })[0]?.[0];
  };

  it('answers an xlsx attachment with a dated name that no cache keeps', async () => {
    const response = await template();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="import-template-\d{8}\.xlsx"; filename\*=UTF-8''import-template-\d{8}\.xlsx$/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it("has headers in the asked language, else the caller's console language, else Traditional Chinese", async () => {
    expect(headerOf(await template())).toBe('項目名稱');
    expect(headerOf(await template({ cookie: 'lang=en' }))).toBe('Name');
    expect(headerOf(await template({ cookie: 'lang=en', body: { language: 'zh-cn' } }))).toBe('项目名称');
  });

  it('refuses an unknown language and a caller without a session with the envelope', async () => {
    expect((await template({ body: { language: 'fr' } })).json()).toMatchObject({ code: 1001 });
    expect((await server.call('/domain/import/template', { body: {} })).json()).toMatchObject({ code: 401 });
  });

  it('is described in /api/docs as a file answer, and the upload as a multipart body', async () => {
    const docs = (await server.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const templateDoc = docs.paths['/api/domain/import/template'].post;
    expect(templateDoc.responses['200'].content['application/octet-stream'].schema).toMatchObject({ type: 'string', format: 'binary' });
    const importDoc = docs.paths['/api/domain/import'].post;
    expect(importDoc.requestBody).toMatchObject({ required: true, content: { 'multipart/form-data': { schema: { required: ['file'], properties: { file: { format: 'binary' } } } } } });
  });
});
