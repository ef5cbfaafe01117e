import { E2E } from './env.js';

/**
 * A second customer with one user on the e2e server, made the way an operator makes them: through
 * the platform's verbs (`/api/platform/customer/create`, `/api/platform/user/create`, the calls
 * behind `npm run admin`), authenticated by the platform secret.
 */

export const SECOND_CUSTOMER = { account: 'e2eother01', password: 'e2e-other-01', name: 'Other Customer' } as const;

const MAIN_SERVER = `http://127.0.0.1:${E2E.port}`;

/** One platform call; answers the envelope's code and data. */
export async function platformCall<T>(path: string, body: unknown, baseUrl: string = MAIN_SERVER): Promise<{ code: number; data: T }> {
  const response = await fetch(`${baseUrl}/api/platform${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-platform-secret': E2E.platformSecret, 'x-platform-operator': 'e2e' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; data: T };
}

async function expectDone<T>(path: string, body: unknown, baseUrl: string): Promise<T> {
  const answer = await platformCall<T>(path, body, baseUrl);
  if (answer.code !== 200) throw new Error(`${path} answered ${answer.code}`);
  return answer.data;
}

/** Creates the customer and its user once; a second call (a retried test) finds them and changes nothing. */
export async function ensureSecondCustomer(baseUrl: string = MAIN_SERVER): Promise<typeof SECOND_CUSTOMER> {
  const { users } = await expectDone<{ users: { account: string }[] }>('/user/list', {}, baseUrl);
  if (users.some((user) => user.account === SECOND_CUSTOMER.account)) return SECOND_CUSTOMER;
  const { customers } = await expectDone<{ customers: { id: number; name: string }[] }>('/customer/list', {}, baseUrl);
  const existing = customers.find((customer) => customer.name === SECOND_CUSTOMER.name);
  const custId = existing?.id ?? (await expectDone<{ id: number }>('/customer/create', { name: SECOND_CUSTOMER.name, taxId: '12345675' }, baseUrl)).id;
  const user = { custId, account: SECOND_CUSTOMER.account, name: 'Other User', email: `${SECOND_CUSTOMER.account}@example.com`, password: SECOND_CUSTOMER.password };
  await expectDone('/user/create', user, baseUrl);
  return SECOND_CUSTOMER;
}
