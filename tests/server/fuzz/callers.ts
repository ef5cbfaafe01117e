import { issueNodeKey } from '../../../src/server/modules/nodes/keys.js';
import { acceptsApiKey, type CallDefinition } from '../../../src/shared/calls/define.js';
import { PLATFORM_SECRET_HEADER } from '../../../src/shared/calls/platform.js';
import { SEED, adminLogin, type TestServer } from '../helpers.js';

/**
 * The callers a fuzzed request is sent as, the right one for the call: a signed-in user, an
 * administrator viewing the customer, an API key (where the call accepts one), the platform's
 * secret, or a node's key. Task 1, an IP group and an alert rule exist, so reads of id 1 get past
 * "not found" to the fields that follow.
 */

export type CallerKind = 'none' | 'session' | 'admin' | 'apiKey' | 'platform' | 'agent';

export interface Callers {
  session: string;
  admin: string;
  apiKey: string;
  nodeKey: string;
}

async function created(server: TestServer, token: string, path: string, body: unknown): Promise<unknown> {
  const answer = await server.call(path, { token, body });
  if (!answer.json().status) throw new Error(`fuzz fixture ${path} refused: ${answer.body}`);
  return answer.json().data;
}

async function fixtures(server: TestServer, token: string): Promise<void> {
  await created(server, token, '/domain/icmp/create', { name: 'Target', domain: 'example.com', frequencyMinutes: 5, nodeIds: [1] });
  await created(server, token, '/domain_group/addr', { name: 'Addresses', ips: ['192.0.2.1'] });
}

async function newApiKey(server: TestServer, token: string): Promise<string> {
  const data = (await created(server, token, '/apikey/create', { name: 'fuzz', scope: 'readWrite' })) as { secret: string };
  return data.secret;
}

export async function prepareCallers(server: TestServer): Promise<Callers> {
  const session = await server.login();
  await fixtures(server, session);
  const nodeKey = (await issueNodeKey(server.db, 1, { now: server.clock.now(), allowPrivateTargets: false })).key;
  return { session, admin: await adminLogin(server), apiKey: await newApiKey(server, session), nodeKey };
}

/** Whether a token still opens the session calls (a fuzzed call may have ended it: logout, a key revoked). */
async function works(server: TestServer, token: string, path: string): Promise<boolean> {
  return (await server.call(path, { token, body: {} })).json().status === true;
}

/** The new token, or the old one when none can be had (an accepted platform call suspended the user, say). */
async function renewed(old: string, next: () => Promise<string>): Promise<string> {
  try {
    return await next();
  } catch {
    return old;
  }
}

/** Signs in again, or makes a new key, where a fuzzed call that was accepted ended a caller. */
export async function renewCallers(server: TestServer, callers: Callers): Promise<void> {
  if (!(await works(server, callers.session, '/profile'))) callers.session = await renewed(callers.session, () => server.login());
  if (!(await works(server, callers.admin, '/profile'))) callers.admin = await renewed(callers.admin, () => adminLogin(server));
  if (!(await works(server, callers.apiKey, '/nodes/catalogue'))) callers.apiKey = await renewed(callers.apiKey, () => newApiKey(server, callers.session));
}

/** The caller kinds a call may be sent as. */
export function callerKinds(call: CallDefinition): CallerKind[] {
  switch (call.access) {
    case 'public':
      return ['none'];
    case 'platform':
      return ['platform'];
    case 'agent':
      return ['agent'];
    case 'session':
      return acceptsApiKey(call) ? ['session', 'session', 'admin', 'apiKey'] : ['session', 'session', 'admin'];
  }
}

export function callerHeaders(kind: CallerKind, callers: Callers): Record<string, string> {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  switch (kind) {
    case 'none':
      return {};
    case 'session':
      return bearer(callers.session);
    case 'admin':
      return bearer(callers.admin);
    case 'apiKey':
      return bearer(callers.apiKey);
    case 'platform':
      return { [PLATFORM_SECRET_HEADER]: SEED.platformSecret };
    case 'agent':
      return bearer(callers.nodeKey);
  }
}
