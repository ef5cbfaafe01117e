import { importWorkbook, multipartFile, type WorkbookRow, type WorkbookRows } from '../../support/import-workbook.js';
import { createTestServer, otherCustomerSession, type TestServer } from '../helpers.js';

export const DEPLOY_DEADLINE_SECONDS = 60;

/** Holds the import runner before a batch once a job has processed `holdAt` rows; closing the app lets go. */
export class ImportGate {
  holdAt: number | undefined;
  /** Stands for a runner failure (not a row's): the next `failures` batches from this processed count throw. */
  failAt: number | undefined;
  failures = 0;
  private holding = false;
  private onHeld: (() => void)[] = [];
  private onRelease: (() => void)[] = [];

  readonly beforeBatch = async ({ processed }: { processed: number }): Promise<void> => {
    if (this.failAt !== undefined && processed >= this.failAt && this.failures > 0) {
      this.failures -= 1;
      throw new Error('injected runner failure');
    }
    if (this.holdAt === undefined || processed < this.holdAt) return;
    this.holding = true;
    for (const resolve of this.onHeld.splice(0)) resolve();
    await new Promise<void>((resolve) => this.onRelease.push(resolve));
    this.holding = false;
  };

  /** Resolves once the runner waits at the gate. */
  held(): Promise<void> {
    return this.holding ? Promise.resolve() : new Promise((resolve) => this.onHeld.push(resolve));
  }

  release(): void {
    this.holdAt = undefined;
    for (const resolve of this.onRelease.splice(0)) resolve();
  }
}

export interface ImportAnswer {
  statusCode: number;
  code: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the answer it expects
  data: any;
  message: string;
  body: string;
}

export interface ImportFixture {
  server: TestServer;
  gate: ImportGate;
  token: string;
  otherToken: string;
  nodeName: string;
  nodeId: number;
  call: (path: string, body?: unknown, token?: string, method?: 'GET' | 'POST') => Promise<ImportAnswer>;
  upload: (bytes: Uint8Array, options?: { fileName?: string; token?: string; language?: string }) => Promise<ImportAnswer>;
  /** Polls taskProgress until the job is done (no time limit of its own: the test's applies). */
  finished: (sno: string) => Promise<void>;
  close: () => Promise<void>;
}

/** Rows of one tab, each with its own host (so none is a duplicate of another). */
export function icmpRows(count: number, nodeName: string, from = 0): WorkbookRow[] {
  return Array.from({ length: count }, (_, index) => ({ name: `Host ${from + index}`, domain: `host-${from + index}.example.com`, frequencyMinutes: 60, nodes: nodeName }));
}

export function workbookOf(rows: WorkbookRows): Uint8Array {
  return importWorkbook(rows);
}

export async function importFixture(batchRows = 10, retryDelaysMs?: readonly number[]): Promise<ImportFixture> {
  const gate = new ImportGate();
  const imports = { batchRows, beforeBatch: gate.beforeBatch, ...(retryDelaysMs ? { retryDelaysMs } : {}) };
  const server = await createTestServer({ VIGIL_DEPLOY_DEADLINE_SECONDS: String(DEPLOY_DEADLINE_SECONDS) }, { imports });
  const token = await server.login();
  const { token: otherToken } = await otherCustomerSession(server);
  await server.db.updateTable('contracts').set({ purchased_points: 1_000_000 }).where('cust_id', '=', server.custId).execute();
  const node = await server.db.selectFrom('nodes').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
  const answerOf = async (response: { statusCode: number; body: string; json: () => unknown }): Promise<ImportAnswer> => {
    const json = response.json() as { code: number; data: unknown; message?: string };
    return { statusCode: response.statusCode, code: json.code, data: json.data, message: json.message ?? '', body: response.body };
  };
  const call: ImportFixture['call'] = async (path, body, as = token, method = 'POST') =>
    answerOf(await server.call(path, { token: as, method, ...(body === undefined ? {} : { body }) }));
  const upload: ImportFixture['upload'] = async (bytes, options = {}) => {
    const { payload, contentType } = multipartFile('file', options.fileName ?? 'tasks.xlsx', bytes);
    const headers: Record<string, string> = { 'content-type': contentType, ...(options.language ? { cookie: `lang=${options.language}` } : {}) };
    return answerOf(await server.call('/domain/import', { token: options.token ?? token, payload, headers }));
  };
  const finished = async (sno: string) => {
    for (;;) {
      const progress = await call('/domain/taskProgress', { sno });
      if (progress.code !== 200) throw new Error(`progress failed: ${progress.body}`);
      if (progress.data === 'done') return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  return { server, gate, token, otherToken, nodeName: node.name, nodeId: node.id, call, upload, finished, close: () => server.close() };
}
