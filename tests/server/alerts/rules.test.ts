import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import { createAlertsWorld, expectRefused, ruleBody, type AlertsWorld } from './alerts-helpers.js';

let world: AlertsWorld;
beforeEach(async () => {
  world = await createAlertsWorld();
});
afterEach(() => world.close());

const create = (body: unknown) => world.call(world.mine.token, '/alert/rule/create', body);
const update = (body: unknown) => world.call(world.mine.token, '/alert/rule/update', body);
const info = (id: number | string) => world.call(world.mine.token, `/alert/rule/info/${String(id)}`, undefined, 'GET');
const list = (body: unknown) => world.call(world.mine.token, '/alert/rule/list', body);

describe('creating and reading alert rules', () => {
  it('creates a latency rule and reads it back in info and in its type\'s list', async () => {
    const created = await create(ruleBody({ name: '  Slow shop  ' }));
    expect(created.status).toBe(true);
    expect(created.data).toEqual({
      id: expect.any(Number),
      name: 'Slow shop',
      monitorType: 3,
      mode: 1,
      condition: 'gt',
      sensitivity: 3,
      threshold: 800,
      sslDays: [],
      cooldownMinutes: 10,
      enable: 1,
      taskCount: 0,
      firing: false,
      createdAt: new Date(world.server.clock.now()).toISOString(),
      updatedAt: new Date(world.server.clock.now()).toISOString(),
    });
    expect((await info(created.data.id)).data).toEqual(created.data);
    expect((await list({ monitorType: 3 })).data).toEqual({ list: [created.data], total: 1 });
    expect((await list({ monitorType: 1 })).data).toEqual({ list: [], total: 0 });
  });

  it('lists newest first, by part of the name, page by page', async () => {
    for (const name of ['Slow shop', 'Down shop', 'Slow api']) await world.rule(world.mine.token, { name });
    const names = async (body: object) => (await list({ monitorType: 3, ...body })).data.list.map((rule: { name: string }) => rule.name);
    expect(await names({})).toEqual(['Slow api', 'Down shop', 'Slow shop']);
    expect(await names({ keyword: 'slow' })).toEqual(['Slow api', 'Slow shop']);
    expect(await names({ keyword: '%' })).toEqual([]);
    const second = await list({ monitorType: 3, page: 2, pageSize: 10 });
    expect(second.data).toEqual({ list: [], total: 3 });
  });

  it('keeps an availability ratio, and SSL day marks largest first', async () => {
    const availability = await create(ruleBody({ name: 'Down', mode: 2, condition: 'lt', sensitivity: 1, threshold: 0.9, cooldownMinutes: 0 }));
    expect(availability.data).toMatchObject({ mode: 2, threshold: 0.9, sensitivity: 1, cooldownMinutes: 0 });
    const ssl = await create(ruleBody({ name: 'Expiry', monitorType: MONITOR_TYPES.SSL, mode: 3, sslDays: [7, 30, 1, 14], threshold: null }));
    expect(ssl.data).toMatchObject({ monitorType: 7, mode: 3, sslDays: [30, 14, 7, 1], threshold: null, sensitivity: 1 });
  });

  it('stores SSL and IP-not-matched rules without threshold and with sensitivity 1, whatever was sent', async () => {
    const ip = await create(ruleBody({ name: 'Hijack', mode: 4, sensitivity: 7, threshold: 500, sslDays: [5] }));
    expect(ip.data).toMatchObject({ mode: 4, sensitivity: 1, threshold: null, sslDays: [] });
    const ssl = await create(ruleBody({ name: 'Cert', monitorType: 4, mode: 3, sensitivity: 9, threshold: 0.5, sslDays: [3] }));
    expect(ssl.data).toMatchObject({ mode: 3, sensitivity: 1, threshold: null, sslDays: [3] });
    const latency = await create(ruleBody({ name: 'Slow', sslDays: [3, 5] }));
    expect(latency.data.sslDays).toEqual([]);
  });

  it('answers 2606 for a rule that does not exist', async () => {
    expectRefused(await info(987_654), 2606);
    expectRefused(await update({ ...ruleBody(), id: 987_654 }), 2606);
  });
});

describe('field rules', () => {
  it('answers 1001 with the inner code of each bad field', async () => {
    expectRefused(await create({}), 1001, [
      'name:10010002',
      'monitorType:10010002',
      'mode:10010002',
      'condition:10010002',
      'sensitivity:10010002',
      'threshold:10010002',
      'cooldownMinutes:10010002',
      'enable:10010002',
    ]);
    expectRefused(await create(ruleBody({ name: '   ' })), 1001, ['name:10010002']);
    expectRefused(await create(ruleBody({ name: 'x'.repeat(256) })), 1001, ['name:10010005']);
    expectRefused(await create(ruleBody({ monitorType: MONITOR_TYPES.TRACEROUTE })), 1001, ['monitorType:10010003']);
    expectRefused(await create(ruleBody({ monitorType: 9 })), 1001, ['monitorType:10010003']);
    expectRefused(await create(ruleBody({ mode: 5 })), 1001, ['mode:10010003']);
    expectRefused(await create({ ...ruleBody(), condition: 'ne' }), 1001, ['condition:10010003']);
    expectRefused(await create(ruleBody({ sensitivity: 3.5 })), 1001, ['sensitivity:10010001']);
    expectRefused(await create(ruleBody({ threshold: -1 })), 1001, ['threshold:10010003']);
    expectRefused(await create(ruleBody({ threshold: 600_001 })), 1001, ['threshold:10010003']);
    expectRefused(await create(ruleBody({ mode: 3, monitorType: 7, sslDays: [0] })), 1001, ['sslDays.0:10010003']);
    expectRefused(await create(ruleBody({ mode: 3, monitorType: 7, sslDays: [366] })), 1001, ['sslDays.0:10010003']);
    expectRefused(await create(ruleBody({ mode: 3, monitorType: 7, sslDays: Array.from({ length: 11 }, (_, day) => day + 1) })), 1001, ['sslDays:10010003']);
    expectRefused(await create(ruleBody({ enable: 3 as never })), 1001, ['enable:10010003']);
    expectRefused(await create({ ...ruleBody(), extra: 1 }), 1001, ['extra:10010001']);
    expect((await list({ monitorType: 3 })).data.total).toBe(0);
  });

  it('refuses a mode the monitor type cannot be watched in (1001 on mode)', async () => {
    // SSL expiry only for HTTPS and SSL tasks; SSL tasks have neither latency nor IP matching.
    for (const [monitorType, mode] of [
      [MONITOR_TYPES.HTTP, 3],
      [MONITOR_TYPES.ICMP, 3],
      [MONITOR_TYPES.DNS, 3],
      [MONITOR_TYPES.SSL, 1],
      [MONITOR_TYPES.SSL, 4],
    ] as const) {
      expectRefused(await create(ruleBody({ monitorType, mode, sslDays: [7] })), 1001, ['mode:10010003']);
    }
    for (const [monitorType, mode] of [
      [MONITOR_TYPES.HTTPS, 3],
      [MONITOR_TYPES.SSL, 3],
      [MONITOR_TYPES.SSL, 2],
      [MONITOR_TYPES.TCP, 4],
      [MONITOR_TYPES.DNS, 1],
    ] as const) {
      const body = ruleBody({ name: `type ${String(monitorType)} mode ${String(mode)}`, monitorType, mode, sslDays: [7], threshold: mode === 2 ? 0.5 : 100 });
      expect((await create(body)).status, `type ${String(monitorType)} mode ${String(mode)}`).toBe(true);
    }
  });

  it('needs a latency threshold and 1-10 distinct SSL day marks (1001)', async () => {
    expectRefused(await create(ruleBody({ threshold: null })), 1001, ['threshold:10010002']);
    expectRefused(await create(ruleBody({ monitorType: 7, mode: 3, sslDays: [] })), 1001, ['sslDays:10010002']);
    expectRefused(await create(ruleBody({ monitorType: 7, mode: 3, sslDays: [7, 7] })), 1001, ['sslDays:10010003']);
  });

  it('answers 2601 for a latency sensitivity outside 3-10, naming the field', async () => {
    expectRefused(await create(ruleBody({ sensitivity: 2 })), 2601, ['sensitivity:10010003']);
    expectRefused(await create(ruleBody({ sensitivity: 11 })), 2601, ['sensitivity:10010003']);
    expect((await create(ruleBody({ name: 'edge low', sensitivity: 3 }))).status).toBe(true);
    expect((await create(ruleBody({ name: 'edge high', sensitivity: 10 }))).status).toBe(true);
    const refused = await create(ruleBody({ sensitivity: 2 }));
    expect(refused.data.errors[0].params).toEqual({ min: 3, max: 10 });
  });

  it('answers 2602 for an availability sensitivity outside 1-10', async () => {
    const availability = (sensitivity: number, name = 'a') => create(ruleBody({ name, mode: 2, threshold: 0.5, sensitivity }));
    expectRefused(await availability(0), 2602, ['sensitivity:10010003']);
    expectRefused(await availability(11), 2602, ['sensitivity:10010003']);
    expect((await availability(1, 'one')).status).toBe(true);
  });

  it('answers 2603 for an availability threshold outside 0.1-0.9 or missing', async () => {
    const availability = (threshold: number | null, name = 'a') => create(ruleBody({ name, mode: 2, sensitivity: 2, threshold }));
    expectRefused(await availability(0.05), 2603, ['threshold:10010003']);
    expectRefused(await availability(0.95), 2603, ['threshold:10010003']);
    expectRefused(await availability(90), 2603, ['threshold:10010003']);
    expectRefused(await availability(null), 2603, ['threshold:10010003']);
    expect((await availability(0.1, 'low')).status).toBe(true);
    expect((await availability(0.9, 'high')).status).toBe(true);
  });

  it('answers 2609 for a cooldown other than none, 5, 10 or 30 minutes', async () => {
    expectRefused(await create(ruleBody({ cooldownMinutes: 15 })), 2609, ['cooldownMinutes:10010003']);
    expectRefused(await create(ruleBody({ cooldownMinutes: -5 })), 2609, ['cooldownMinutes:10010003']);
    for (const cooldownMinutes of [0, 5, 10, 30]) expect((await create(ruleBody({ name: `c${String(cooldownMinutes)}`, cooldownMinutes }))).status).toBe(true);
  });

  it('answers 2014 for a name the customer already gives another rule, of any type', async () => {
    await world.rule(world.mine.token, { name: 'Watch' });
    expectRefused(await create(ruleBody({ name: 'Watch', monitorType: 1 })), 2014);
    expect((await create(ruleBody({ name: 'watch' }))).status).toBe(true);
    // Another customer may use the same name.
    expect((await world.call(world.theirs.token, '/alert/rule/create', ruleBody({ name: 'Watch' }))).status).toBe(true);
  });
});

describe('updating rules', () => {
  it('replaces the fields and keeps the monitor type', async () => {
    const rule = await world.rule(world.mine.token, { name: 'Old' });
    world.server.clock.advanceSeconds(60);
    const changed = await update({ ...ruleBody({ name: 'New', mode: 2, threshold: 0.5, sensitivity: 2, cooldownMinutes: 30 }), id: rule.id });
    expect(changed.data).toMatchObject({ id: rule.id, name: 'New', mode: 2, threshold: 0.5, sensitivity: 2, cooldownMinutes: 30 });
    expect(changed.data.updatedAt).not.toBe(changed.data.createdAt);
    expect((await info(rule.id)).data).toEqual(changed.data);
  });

  it('refuses another monitor type (1001 on monitorType), the range rules, and a taken name', async () => {
    const rule = await world.rule(world.mine.token, { name: 'Mine' });
    await world.rule(world.mine.token, { name: 'Taken' });
    expectRefused(await update({ ...ruleBody({ name: 'Mine', monitorType: 1 }), id: rule.id }), 1001, ['monitorType:10010003']);
    expectRefused(await update({ ...ruleBody({ name: 'Mine', sensitivity: 1 }), id: rule.id }), 2601, ['sensitivity:10010003']);
    expectRefused(await update({ ...ruleBody({ name: 'Mine', mode: 3 }), id: rule.id }), 1001, ['mode:10010003']);
    expectRefused(await update({ ...ruleBody({ name: 'Taken' }), id: rule.id }), 2014);
    expect((await update({ ...ruleBody({ name: 'Mine', threshold: 900 }), id: rule.id })).data.threshold).toBe(900);
    expect((await info(rule.id)).data.name).toBe('Mine');
  });
});
