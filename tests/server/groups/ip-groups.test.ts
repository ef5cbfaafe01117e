import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CALLS, callUrlPath, IP_GROUP_MAX_IPS, ipLinesOf, pathParamNames } from '../../../src/shared/calls/index.js';
import { deleteTask } from '../../../src/server/modules/tasks/service.js';
import { createGroupsWorld, fieldCodes, passDeployDeadline, type GroupsWorld } from './groups-helpers.js';

let world: GroupsWorld;
beforeEach(async () => {
  world = await createGroupsWorld();
});
afterEach(() => world.close());

const create = (token: string, body: unknown) => world.call(token, '/domain_group/addr', body);
const get = (token: string, id: number | string) => world.call(token, `/domain_group/addr/${String(id)}`, undefined, 'GET');
const replace = (token: string, id: number | string, body: unknown) => world.call(token, `/domain_group/addr/${String(id)}`, body, 'PUT');
const remove = (token: string, id: number | string) => world.call(token, `/domain_group/addr/${String(id)}`, undefined, 'DELETE');
const search = (token: string, body: unknown = {}) => world.call(token, '/domain_group/addr/search', body);
const options = (token: string) => world.call(token, '/domain_group/addr/list', undefined, 'GET');

describe('matched-IP groups', () => {
  it('creates a group of IPv4 and IPv6 addresses, trimmed and each once, and reads it back', async () => {
    const created = await create(world.mine.token, { name: ' Edge ', ips: [' 192.0.2.1 ', '2001:db8::1', '192.0.2.1'] });
    expect(created).toMatchObject({ statusCode: 200, status: true });
    expect(created.data).toEqual({
      id: expect.any(Number),
      name: 'Edge',
      ips: ['192.0.2.1', '2001:db8::1'],
      ipCount: 2,
      taskCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await get(world.mine.token, created.data.id)).data).toEqual(created.data);
    const { ips: _ips, ...row } = created.data;
    expect((await search(world.mine.token)).data).toEqual({ list: [row], total: 1 });
  });

  it('lists every group by name for pickers, and searches by part of a name or an address', async () => {
    const zulu = await create(world.mine.token, { name: 'zulu', ips: ['198.51.100.7'] });
    const alpha = await create(world.mine.token, { name: 'Alpha', ips: ['203.0.113.9', '2001:db8::5'] });
    expect((await options(world.mine.token)).data).toEqual({
      list: [
        { id: alpha.data.id, name: 'Alpha' },
        { id: zulu.data.id, name: 'zulu' },
      ],
    });
    const names = async (keyword: string) => (await search(world.mine.token, { keyword })).data.list.map((row: { name: string }) => row.name);
    expect(await names('ALP')).toEqual(['Alpha']);
    expect(await names('198.51.100')).toEqual(['zulu']);
    expect(await names('2001:db8')).toEqual(['Alpha']);
    expect(await names('nothing')).toEqual([]);
    const paged = await search(world.mine.token, { sortBy: 'name', sortOrder: 'desc', pageSize: 10, page: 1 });
    expect(paged.data.list.map((row: { name: string }) => row.name)).toEqual(['zulu', 'Alpha']);
  });

  it('answers 1001 with the inner code of each bad field', async () => {
    expect(fieldCodes(await create(world.mine.token, { name: 'g' }))).toEqual({ ips: 10010002 });
    expect(fieldCodes(await create(world.mine.token, { name: 'g', ips: [] }))).toEqual({ ips: 10010002 });
    expect(fieldCodes(await create(world.mine.token, { name: 'g', ips: ['192.0.2.1', 'example.com', '256.1.1.1'] }))).toEqual({
      'ips.1': 10010004,
      'ips.2': 10010004,
    });
    expect(fieldCodes(await create(world.mine.token, { name: 'g', ips: ['192.0.2.1', ''] }))).toEqual({ 'ips.1': 10010002 });
    const tooMany = Array.from({ length: IP_GROUP_MAX_IPS + 1 }, (_, index) => `10.0.${String(index >> 8)}.${String(index & 255)}`);
    expect(fieldCodes(await create(world.mine.token, { name: 'g', ips: tooMany }))).toEqual({ ips: 10010003 });
    expect((await create(world.mine.token, { name: 'g', ips: tooMany.slice(0, IP_GROUP_MAX_IPS) })).data.ipCount).toBe(IP_GROUP_MAX_IPS);
    expect(fieldCodes(await create(world.mine.token, { name: '', ips: ['192.0.2.1'] }))).toEqual({ name: 10010002 });
    expect(fieldCodes(await create(world.mine.token, { name: 'n'.repeat(51), ips: ['192.0.2.1'] }))).toEqual({ name: 10010005 });
    expect(fieldCodes(await create(world.mine.token, { name: 'h', ips: '192.0.2.1' }))).toEqual({ ips: 10010001 });
    expect(fieldCodes(await get(world.mine.token, 'abc'))).toEqual({ id: 10010001 });
    expect(fieldCodes(await get(world.mine.token, '0'))).toEqual({ id: 10010003 });
    expect(fieldCodes(await remove(world.mine.token, '1.5'))).toEqual({ id: 10010001 });
    expect(fieldCodes(await replace(world.mine.token, 1, { name: 'g' }))).toEqual({ ips: 10010002 });
  });

  it('keeps names unique per customer (2014)', async () => {
    const first = await create(world.mine.token, { name: 'edge', ips: ['192.0.2.1'] });
    const second = await create(world.mine.token, { name: 'core', ips: ['192.0.2.2'] });
    expect((await create(world.mine.token, { name: 'edge ', ips: ['192.0.2.3'] })).code).toBe(2014);
    expect((await replace(world.mine.token, second.data.id, { name: 'edge', ips: ['192.0.2.2'] })).code).toBe(2014);
    expect((await replace(world.mine.token, first.data.id, { name: 'edge', ips: ['192.0.2.9'] })).data.ips).toEqual(['192.0.2.9']);
    expect((await create(world.theirs.token, { name: 'edge', ips: ['192.0.2.1'] })).status).toBe(true);
  });

  it('replaces name and addresses with PUT, the id coming from the path', async () => {
    const group = await create(world.mine.token, { name: 'edge', ips: ['192.0.2.1'] });
    world.server.clock.advanceSeconds(5);
    const replaced = await replace(world.mine.token, group.data.id, { id: 999_999, name: 'edge-2', ips: ['2001:db8::2'] });
    expect(replaced.data).toMatchObject({ id: group.data.id, name: 'edge-2', ips: ['2001:db8::2'], ipCount: 1 });
    expect(Date.parse(replaced.data.updatedAt) - Date.parse(replaced.data.createdAt)).toBe(5000);
    expect((await get(world.mine.token, group.data.id)).data.name).toBe('edge-2');
  });

  it('answers 2112 for an unknown id in get, replace and delete', async () => {
    expect((await get(world.mine.token, 999_999)).code).toBe(2112);
    expect((await replace(world.mine.token, 999_999, { name: 'x', ips: ['192.0.2.1'] })).code).toBe(2112);
    expect((await remove(world.mine.token, 999_999)).code).toBe(2112);
  });

  it('refuses to delete a group while a live task uses it (2013), and deletes it once none does', async () => {
    const group = await create(world.mine.token, { name: 'edge', ips: ['192.0.2.1'] });
    const task = await world.task(world.mine.custId, { matchedIpGroupId: group.data.id });
    expect((await get(world.mine.token, group.data.id)).data.taskCount).toBe(1);
    expect((await search(world.mine.token)).data.list[0].taskCount).toBe(1);
    expect(await remove(world.mine.token, group.data.id)).toMatchObject({ status: false, code: 2013 });

    passDeployDeadline(world);
    await deleteTask(world.server.app.vigil, world.mine.custId, task.id);
    expect(await remove(world.mine.token, group.data.id)).toMatchObject({ status: true, data: null });
    expect((await get(world.mine.token, group.data.id)).code).toBe(2112);
    expect((await options(world.mine.token)).data.list).toEqual([]);
  });

  it("treats another customer's group as unknown in every call and shows nothing of it", async () => {
    const mine = await create(world.mine.token, { name: 'secret-edge', ips: ['192.0.2.77'] });
    await create(world.theirs.token, { name: 'their-edge', ips: ['198.51.100.1'] });

    for (const answer of [
      await get(world.theirs.token, mine.data.id),
      await replace(world.theirs.token, mine.data.id, { name: 'stolen', ips: ['192.0.2.1'] }),
      await remove(world.theirs.token, mine.data.id),
    ]) {
      expect(answer).toMatchObject({ status: false, code: 2112, data: null });
      expect(answer.body).not.toContain('secret');
      expect(answer.body).not.toContain('192.0.2.77');
    }
    expect((await options(world.theirs.token)).data.list.map((row: { name: string }) => row.name)).toEqual(['their-edge']);
    expect((await search(world.theirs.token, { keyword: '192.0.2.77' })).data).toEqual({ list: [], total: 0 });
    expect((await get(world.mine.token, mine.data.id)).data).toMatchObject({ name: 'secret-edge', ips: ['192.0.2.77'] });
  });

  it('is described in the OpenAPI document with its path parameter', async () => {
    const doc = (await world.server.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const byId = doc.paths['/api/domain_group/addr/{id}'];
    expect(Object.keys(byId).sort()).toEqual(['delete', 'get', 'put']);
    expect(byId.get.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    const putBody = byId.put.requestBody.content['application/json'].schema;
    expect(Object.keys(putBody.properties).sort()).toEqual(['ips', 'name']);
    expect(putBody.required.sort()).toEqual(['ips', 'name']);
    expect(doc.paths['/api/domain_group/addr/list'].get).toBeDefined();
  });
});

describe('the contract helpers the console uses for these calls', () => {
  it('fills path parameters from the body and splits one-per-line addresses', () => {
    expect(pathParamNames(CALLS.ipGroupReplace.path)).toEqual(['id']);
    expect(callUrlPath(CALLS.ipGroupReplace.path, { id: 12, name: 'edge', ips: [] })).toBe('/domain_group/addr/12');
    expect(callUrlPath(CALLS.ipGroupGet.path, { id: 'a/b' })).toBe('/domain_group/addr/a%2Fb');
    expect(callUrlPath(CALLS.ipGroupOptions.path, undefined)).toBe('/domain_group/addr/list');
    expect(ipLinesOf(' 192.0.2.1 \r\n\n2001:db8::1\n  \n')).toEqual(['192.0.2.1', '2001:db8::1']);
  });
});
