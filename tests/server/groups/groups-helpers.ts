import { expect } from 'vitest';
import { createTask } from '../../../src/server/modules/tasks/service.js';
import type { Task } from '../../../src/server/modules/tasks/task-model.js';
import type { TaskInput } from '../../../src/server/modules/tasks/task-input.js';
import { addCustomer, addUser, createTestServer, type CallOptions, type TestServer } from '../helpers.js';
import { httpTaskInput } from '../tasks-helpers.js';

export interface Answer {
  statusCode: number;
  status: boolean;
  code: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the answer it expects
  data: any;
  body: string;
}

/** The seeded customer ("mine") and a second customer ("theirs"), each signed in. */
export interface GroupsWorld {
  server: TestServer;
  mine: { custId: number; token: string };
  theirs: { custId: number; token: string };
  /** Makes a call as a signed-in user (POST with a JSON body unless told otherwise). */
  call: (token: string, path: string, body?: unknown, method?: CallOptions['method']) => Promise<Answer>;
  /** A live HTTP task of the customer, written through the task service the /domain calls use. */
  task: (custId: number, overrides?: Partial<TaskInput>) => Promise<Task>;
  close: () => Promise<void>;
}

export async function createGroupsWorld(): Promise<GroupsWorld> {
  const server = await createTestServer();
  const theirCustId = await addCustomer(server, 'Other Co');
  await addUser(server, { account: 'other01', custId: theirCustId });
  const mine = { custId: server.custId, token: await server.login() };
  const theirs = { custId: theirCustId, token: await server.login('other01') };
  const call: GroupsWorld['call'] = async (token, path, body, method = 'POST') => {
    const response = await server.call(path, { token, method, ...(body === undefined ? {} : { body }) });
    const json = response.json<{ status: boolean; code: number; data: unknown }>();
    return { statusCode: response.statusCode, status: json.status, code: json.code, data: json.data, body: response.body };
  };
  let taskCount = 0;
  const task: GroupsWorld['task'] = (custId, overrides = {}) => {
    taskCount += 1;
    return createTask(server.app.vigil, custId, httpTaskInput({ name: `Task ${String(taskCount)}`, ...overrides }));
  };
  return { server, mine, theirs, call, task, close: () => server.close() };
}

/** The inner codes of a 1001 answer, by field. */
export function fieldCodes(answer: Answer): Record<string, number> {
  expect(answer.code).toBe(1001);
  const errors = (answer.data as { errors: { field: string; code: number }[] }).errors;
  return Object.fromEntries(errors.map((error) => [error.field, error.code]));
}

export async function taskLabels(world: GroupsWorld, taskId: number): Promise<{ domainGroup: string; tags: string[]; updatedAt: number }> {
  const row = await world.server.db
    .selectFrom('tasks')
    .select(['domain_group', 'tags', 'updated_at'])
    .where('id', '=', taskId)
    .executeTakeFirstOrThrow();
  return { domainGroup: row.domain_group, tags: JSON.parse(row.tags) as string[], updatedAt: row.updated_at };
}

/** Moves past the deploy deadline, so no deployment is processing any more (tasks may change again). */
export function passDeployDeadline(world: GroupsWorld): void {
  world.server.clock.advanceSeconds(world.server.config.deployDeadlineSeconds + 1);
}
