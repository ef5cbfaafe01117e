import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteTask } from '../../../src/server/modules/tasks/service.js';
import { addUser } from '../helpers.js';
import { createGroupsWorld, fieldCodes, passDeployDeadline, taskLabels, type GroupsWorld } from './groups-helpers.js';

let world: GroupsWorld;
beforeEach(async () => {
  world = await createGroupsWorld();
});
afterEach(() => world.close());

/** Domain groups and tags: same calls and rules; tasks carry one group but several tags. */
const KINDS = [
  { kind: 'domain groups', base: '/domain_group', notFound: 2103, carry: (name: string) => ({ domainGroup: name }) },
  { kind: 'tags', base: '/tags', notFound: 2001, carry: (name: string) => ({ tags: [name, 'other-tag'] }) },
] as const;

describe.each(KINDS)('$kind', ({ base, notFound, carry }) => {
  const create = (token: string, name: unknown) => world.call(token, `${base}/create`, { name });
  const list = (token: string, body: unknown = {}) => world.call(token, `${base}/list`, body);

  it('creates a name and lists it with the number of live tasks that carry it', async () => {
    await world.task(world.mine.custId, carry('web'));
    await world.task(world.mine.custId, carry('web'));
    const gone = await world.task(world.mine.custId, carry('web'));
    passDeployDeadline(world);
    await deleteTask(world.server.app.vigil, world.mine.custId, gone.id);

    const created = await create(world.mine.token, '  web  ');
    expect(created).toMatchObject({ statusCode: 200, status: true });
    expect(created.data).toEqual({ id: expect.any(Number), name: 'web', taskCount: 2, createdAt: expect.any(String), updatedAt: expect.any(String) });
    const listed = await list(world.mine.token);
    expect(listed.data).toEqual({ list: [created.data], total: 1 });
  });

  it('answers 1001 with the inner code of each bad field', async () => {
    expect(fieldCodes(await world.call(world.mine.token, `${base}/create`, {}))).toEqual({ name: 10010002 });
    expect(fieldCodes(await create(world.mine.token, '   '))).toEqual({ name: 10010002 });
    expect(fieldCodes(await create(world.mine.token, 'x'.repeat(51)))).toEqual({ name: 10010005 });
    expect(fieldCodes(await create(world.mine.token, 42))).toEqual({ name: 10010001 });
    expect(fieldCodes(await world.call(world.mine.token, `${base}/create`, { name: 'ok', colour: 'red' }))).toEqual({ colour: 10010001 });
    expect(fieldCodes(await world.call(world.mine.token, `${base}/update`, { id: -1, name: 'ok' }))).toEqual({ id: 10010003 });
    expect(fieldCodes(await world.call(world.mine.token, `${base}/delete`, { ids: [] }))).toEqual({ ids: 10010002 });
    const tooMany = Array.from({ length: 101 }, (_, index) => index + 1);
    expect(fieldCodes(await world.call(world.mine.token, `${base}/delete`, { ids: tooMany }))).toEqual({ ids: 10010003 });
    expect(fieldCodes(await list(world.mine.token, { sortBy: 'colour' }))).toEqual({ sortBy: 10010003 });
    expect(Object.keys(fieldCodes(await list(world.mine.token, { pageSize: 20 })))).toEqual(['pageSize']);
    expect(fieldCodes(await list(world.mine.token, { keyword: 'k'.repeat(51) }))).toEqual({ keyword: 10010005 });
    expect((await list(world.mine.token)).data.total).toBe(0);
  });

  it('keeps names unique per customer (2014), ignoring surrounding blanks', async () => {
    const web = await create(world.mine.token, 'web');
    const api = await create(world.mine.token, 'api');
    expect((await create(world.mine.token, 'web')).code).toBe(2014);
    expect((await create(world.mine.token, ' web')).code).toBe(2014);
    expect((await world.call(world.mine.token, `${base}/update`, { id: api.data.id, name: 'web' })).code).toBe(2014);
    // Keeping its own name is no conflict; another customer may use the same name.
    expect((await world.call(world.mine.token, `${base}/update`, { id: web.data.id, name: 'web' })).status).toBe(true);
    expect((await create(world.theirs.token, 'web')).status).toBe(true);
    expect((await list(world.mine.token)).data.total).toBe(2);
  });

  it('finds by part of the name in any case, sorts and pages', async () => {
    for (const name of ['Alpha', 'beta', 'ALPHABET', '100%', 'gamma']) {
      await create(world.mine.token, name);
      world.server.clock.advanceSeconds(1);
    }
    const names = (answer: { data: { list: { name: string }[] } }) => answer.data.list.map((row) => row.name);
    const alpha = await list(world.mine.token, { keyword: 'alpha' });
    expect(names(alpha).sort()).toEqual(['ALPHABET', 'Alpha']);
    expect(alpha.data.total).toBe(2);
    expect(names(await list(world.mine.token, { keyword: '%' }))).toEqual(['100%']);
    expect(names(await list(world.mine.token, { sortBy: 'createdAt', sortOrder: 'desc' }))).toEqual(['gamma', '100%', 'ALPHABET', 'beta', 'Alpha']);
    const second = await list(world.mine.token, { sortBy: 'createdAt', page: 2, pageSize: 10 });
    expect(second.data).toEqual({ list: [], total: 5 });
    const firstPage = await list(world.mine.token, { sortBy: 'createdAt', page: 1, pageSize: 10 });
    expect(names(firstPage)).toEqual(['Alpha', 'beta', 'ALPHABET', '100%', 'gamma']);
  });

  it("renames the name on the customer's live tasks only", async () => {
    const group = await create(world.mine.token, 'web');
    const carrying = await world.task(world.mine.custId, carry('web'));
    const other = await world.task(world.mine.custId, carry('api'));
    const theirs = await world.task(world.theirs.custId, carry('web'));
    await create(world.theirs.token, 'web');
    world.server.clock.advanceSeconds(60);

    const renamed = await world.call(world.mine.token, `${base}/update`, { id: group.data.id, name: 'shop' });
    expect(renamed.data).toMatchObject({ id: group.data.id, name: 'shop', taskCount: 1 });
    const after = await taskLabels(world, carrying.id);
    expect([after.domainGroup, ...after.tags]).toContain('shop');
    expect([after.domainGroup, ...after.tags]).not.toContain('web');
    expect(after.updatedAt).toBe(world.server.clock.now());
    const untouched = await taskLabels(world, other.id);
    expect([untouched.domainGroup, ...untouched.tags]).toContain('api');
    const theirTask = await taskLabels(world, theirs.id);
    expect([theirTask.domainGroup, ...theirTask.tags]).toContain('web');
    expect((await list(world.theirs.token)).data.list).toMatchObject([{ name: 'web', taskCount: 1 }]);
  });

  it('deletes several at once and clears them from the tasks that carried them', async () => {
    const web = await create(world.mine.token, 'web');
    const api = await create(world.mine.token, 'api');
    const kept = await create(world.mine.token, 'kept');
    const first = await world.task(world.mine.custId, carry('web'));
    const second = await world.task(world.mine.custId, carry('api'));
    const third = await world.task(world.mine.custId, carry('kept'));

    const deleted = await world.call(world.mine.token, `${base}/delete`, { ids: [web.data.id, api.data.id, web.data.id] });
    expect(deleted.data).toEqual({ deleted: 2, tasksChanged: 2 });
    for (const taskId of [first.id, second.id]) {
      const labels = await taskLabels(world, taskId);
      expect([labels.domainGroup, ...labels.tags].filter((name) => name === 'web' || name === 'api')).toEqual([]);
    }
    expect([...Object.values(await taskLabels(world, third.id))].flat()).toContain('kept');
    expect((await list(world.mine.token)).data.list).toMatchObject([{ id: kept.data.id, name: 'kept', taskCount: 1 }]);
  });

  it(`answers ${String(notFound)} for unknown ids and deletes nothing when any id is unknown`, async () => {
    const web = await create(world.mine.token, 'web');
    expect((await world.call(world.mine.token, `${base}/update`, { id: 999_999, name: 'x' })).code).toBe(notFound);
    const partly = await world.call(world.mine.token, `${base}/delete`, { ids: [web.data.id, 999_999] });
    expect(partly).toMatchObject({ status: false, code: notFound, data: null });
    expect((await list(world.mine.token)).data.total).toBe(1);
  });

  it("treats another customer's ids as unknown in every call and shows nothing of them", async () => {
    const mine = await create(world.mine.token, 'secret-name');
    await world.task(world.mine.custId, carry('secret-name'));
    const theirOwn = await create(world.theirs.token, 'their-name');

    expect((await list(world.theirs.token)).data.list.map((row: { name: string }) => row.name)).toEqual(['their-name']);
    expect((await list(world.theirs.token, { keyword: 'secret' })).data).toEqual({ list: [], total: 0 });
    const update = await world.call(world.theirs.token, `${base}/update`, { id: mine.data.id, name: 'stolen' });
    expect(update).toMatchObject({ status: false, code: notFound, data: null });
    expect(update.body).not.toContain('secret');
    const remove = await world.call(world.theirs.token, `${base}/delete`, { ids: [theirOwn.data.id, mine.data.id] });
    expect(remove).toMatchObject({ status: false, code: notFound });
    expect((await list(world.theirs.token)).data.total).toBe(1);
    expect((await list(world.mine.token)).data.list).toMatchObject([{ id: mine.data.id, name: 'secret-name', taskCount: 1 }]);
  });

  it('needs a session, and the monitor privilege to change anything', async () => {
    expect((await world.server.call(`${base}/list`, { body: {} })).statusCode).toBe(401);
    const monitorView = { overview: 'view', monitor: 'view', alert: 'view', nodes: 'view' } as const;
    await addUser(world.server, { account: 'viewer01', tasksPrivilege: monitorView });
    const viewer = await world.server.login('viewer01');
    expect((await list(viewer)).status).toBe(true);
    expect((await create(viewer, 'web')).statusCode).toBe(403);
  });
});

describe('tags on tasks', () => {
  it('keeps each tag once when a task already had the new name', async () => {
    const old = await world.call(world.mine.token, '/tags/create', { name: 'old' });
    const task = await world.task(world.mine.custId, { tags: ['old', 'new', 'x'] });
    await world.call(world.mine.token, '/tags/update', { id: old.data.id, name: 'new' });
    expect((await taskLabels(world, task.id)).tags).toEqual(['new', 'x']);
  });
});
