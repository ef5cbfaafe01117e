import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ON_DEMAND_JOBS_PER_CUSTOMER_MAX } from '../../../src/shared/calls/agent-work.js';
import { MTR_RUN_NODES_MAX } from '../../../src/shared/calls/domain-mtr.js';
import { adminLogin, createTestServer, expectNoInternals, otherCustomerSession, type TestServer } from '../helpers.js';
import { history, mtrNodes, readRun, startRun, type MtrNodes } from './mtr-helpers.js';

let server: TestServer;
let token: string;
let nodes: MtrNodes;
beforeEach(async () => {
  server = await createTestServer();
  token = await server.login();
  nodes = await mtrNodes(server);
});
afterEach(() => server.close());

const body = (fields: Record<string, unknown> = {}) => ({ target: '127.0.0.1', nodeIds: [nodes.ready.nodeId], count: 10, ...fields });
const runCount = async () => (await server.db.selectFrom('mtr_runs').selectAll().execute()).length;

describe('starting an MTR run: refusals', () => {
  it.each([
    ['count 0', { count: 0 }, 'count', 10010003],
    ['count 101', { count: 101 }, 'count', 10010003],
    ['count 2.5', { count: 2.5 }, 'count', 10010001],
    ['no count', { count: undefined }, 'count', 10010002],
    ['a bad target', { target: 'not a host!' }, 'target', 10010004],
    ['no target', { target: '' }, 'target', 10010002],
    ['no nodes', { nodeIds: [] }, 'nodeIds', 10010002],
    ['a node twice', { nodeIds: [1, 1] }, 'nodeIds', 10010003],
  ])('refuses %s with 1001 on the field, writing nothing', async (_name, fields, field, code) => {
    const response = await startRun(server, token, body(fields));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 1001, data: { errors: [{ field, code }] } });
    expect(await runCount()).toBe(0);
  });

  it('takes the bounds themselves, 1 and 100', async () => {
    expect((await startRun(server, token, body({ count: 1 }))).statusCode).toBe(200);
    expect((await startRun(server, token, body({ count: 100 }))).statusCode).toBe(200);
  });

  it(`refuses more than ${MTR_RUN_NODES_MAX} nodes (1001) and an unknown node (2304)`, async () => {
    const many = Array.from({ length: MTR_RUN_NODES_MAX + 1 }, (_, index) => index + 1);
    expect((await startRun(server, token, body({ nodeIds: many }))).json()).toMatchObject({ code: 1001, data: { errors: [{ field: 'nodeIds' }] } });
    const unknown = await startRun(server, token, body({ nodeIds: [nodes.ready.nodeId, 999_999] }));
    expect(unknown.json().code).toBe(2304);
    expectNoInternals(unknown.body);
    expect(await runCount()).toBe(0);
  });

  it(`refuses a run beyond the customer's ${ON_DEMAND_JOBS_PER_CUSTOMER_MAX} outstanding jobs (2555)`, async () => {
    for (let index = 0; index < ON_DEMAND_JOBS_PER_CUSTOMER_MAX / 2; index += 1) {
      expect((await startRun(server, token, body({ nodeIds: [nodes.ready.nodeId, nodes.privateRefusing.nodeId], target: 'example.com' }))).statusCode).toBe(200);
    }
    const busy = await startRun(server, token, body({ nodeIds: [nodes.noTool.nodeId, nodes.ready.nodeId], target: 'example.com' }));
    expect(busy.json().code).toBe(2555);
    // Nodes that get no job take no place: a run on them alone is still started.
    expect((await startRun(server, token, body({ nodeIds: [nodes.noTool.nodeId, nodes.offline] }))).statusCode).toBe(200);
  });
});

describe('MTR runs belong to their customer', () => {
  it("another customer can neither read a run (2001, like none) nor see it in its history", async () => {
    const id = (await startRun(server, token, body())).json().data.id as number;
    const other = await otherCustomerSession(server);
    const read = await server.call('/domain/detect_mtr/run', { token: other.token, body: { id } });
    expect(read.json().code).toBe(2001);
    expect((await server.call('/domain/detect_mtr/run', { token, body: { id: id + 1000 } })).json().code).toBe(2001);
    expect(await history(server, other.token)).toEqual({ total: 0, list: [] });
    expect((await history(server, token)).total).toBe(1);
  });

  it('an administrator viewing the customer reads runs and history but cannot start one (2007)', async () => {
    const id = (await startRun(server, token, body())).json().data.id as number;
    const admin = await adminLogin(server);
    expect((await readRun(server, admin, id)).id).toBe(id);
    expect((await history(server, admin)).list.map((run) => run.id)).toEqual([id]);
    const refused = await startRun(server, admin, body());
    expect(refused.json().code).toBe(2007);
    expect(await runCount()).toBe(1);
  });

  it('needs a session', async () => {
    expect((await startRun(server, '', body())).statusCode).toBe(401);
    expect((await server.call('/domain/detect_mtr/history', { body: {} })).statusCode).toBe(401);
  });
});
