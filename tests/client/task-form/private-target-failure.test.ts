import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { emptyTaskValues } from '../../../src/client/features/task-form/form-values.js';
import { formErrorText, saveFailureOf } from '../../../src/client/features/task-form/save-failure.js';
import { ApiError } from '../../../src/client/lib/api-failure.js';
import { i18nOptions } from '../../../src/client/lib/i18n.js';
import type { FieldError } from '../../../src/shared/index.js';

const refused = (message: string, errors: FieldError[]) =>
  new ApiError('domainIcmpCreate', { kind: 'envelope', code: 2140, message, errors, httpStatus: 400 });

describe('a private target the chosen nodes may not probe (2140)', () => {
  const values = { ...emptyTaskValues(), domain: '10.0.0.5', dnsServers: ['8.8.8.8', '192.168.1.1:53'] };
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions('en'), showSupportNotice: false });
  const t = i18n.t.bind(i18n);

  it('goes under the domain, naming the nodes that may probe it', () => {
    const failure = saveFailureOf(refused('Local, Lab', [{ field: 'domain', code: 10010003 }]), values);
    expect(failure).toEqual({ fields: { domain: { code: 2140, params: { context: 'nodes', nodes: 'Local, Lab' } } }, problem: null });
    expect(formErrorText(failure.fields.domain ?? { code: 0 }, t)).toBe(
      'Loopback, private and link-local targets can only be probed by nodes whose operator allowed them. Choose only such nodes: Local, Lab',
    );
  });

  it('says how to allow it when no node may, and goes under the DNS server it names', () => {
    const failure = saveFailureOf(refused('', [{ field: 'dnsServers.1', code: 10010003 }]), values);
    expect(failure.fields).toEqual({ dnsServers: { code: 2140, params: { entry: '192.168.1.1:53' } } });
    expect(formErrorText(failure.fields.dnsServers ?? { code: 0 }, t)).toMatch(/^192\.168\.1\.1:53: .*npm run node-key -- --node <node> --allow-private and runs its agent with --allow-private\.$/);
  });

  it('falls back to the domain when the answer names no field', () => {
    expect(saveFailureOf(refused('', []), values).fields).toEqual({ domain: { code: 2140, params: {} } });
  });
});
