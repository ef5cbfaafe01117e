import Database from 'better-sqlite3';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '../src/server/security/password.js';

/**
 * A second customer with one user, written into the e2e server's database. Vigil has no call that
 * creates customers (the management platform owns them, §8), so the test does what its provisioning
 * would: the rows the seed writes for the first customer, for another one. The running server
 * reads them at the next sign-in.
 */

export const SECOND_CUSTOMER = { account: 'e2eother01', password: 'e2e-other-01', name: 'Other Customer' } as const;

/** The database of the e2e server on E2E.port (playwright.config.ts: `.tmp/e2e/main`). */
const MAIN_DATABASE = fileURLToPath(new URL('../.tmp/e2e/main/vigil.db', import.meta.url));

/** Creates the customer and its user once; a second call (a retried test) finds them and changes nothing. */
export async function ensureSecondCustomer(databaseFile: string = MAIN_DATABASE): Promise<typeof SECOND_CUSTOMER> {
  const passwordHash = await hashPassword(SECOND_CUSTOMER.password);
  const db = new Database(databaseFile);
  try {
    db.pragma('busy_timeout = 10000');
    const create = db.transaction(() => {
      if (db.prepare('select id from users where account = ?').get(SECOND_CUSTOMER.account)) return;
      const privilege = db.prepare('select id from privileges order by id limit 1').get() as { id: number } | undefined;
      if (!privilege) throw new Error('the e2e database has no privilege yet (was it seeded?)');
      const customer = db.prepare("insert into customers (name, tax_id, status) values (?, '12345675', 'active')").run(SECOND_CUSTOMER.name);
      db.prepare(
        "insert into users (cust_id, account, name, email, password_hash, privilege_id, roles, reserved, status, max_sessions) values (?, ?, 'Other User', ?, ?, ?, '[\"customer\"]', 0, 'active', null)",
      ).run(customer.lastInsertRowid, SECOND_CUSTOMER.account, `${SECOND_CUSTOMER.account}@example.com`, passwordHash, privilege.id);
    });
    create.immediate();
    return SECOND_CUSTOMER;
  } finally {
    db.close();
  }
}
