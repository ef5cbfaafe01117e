import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALERT_MODES } from '../../../src/shared/alerts/rule-fields.js';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import { waitFor } from '../../agent/helpers/agent-harness.js';
import { createTestCertificates, type ServerCertificate } from '../../agent/helpers/certificates.js';
import { createEvalHarness, ROUND_MS, type EvalHarness } from './eval-harness.js';

const SLUG = 'cn-beijing-telecom';

let harness: EvalHarness;
let https: Server;

beforeEach(async () => {
  harness = await createEvalHarness([SLUG]);
});
afterEach(async () => {
  await harness.close();
  https.closeAllConnections();
  await new Promise<void>((resolve) => https.close(() => resolve()));
});

const contextOf = (certificate: ServerCertificate) => ({ key: certificate.keyPem, cert: certificate.chainPem });

describe('SSL expiry rule with real agents', () => {
  it('tells a crossed day mark once per certificate, and once when the certificate is renewed', async () => {
    const certificates = createTestCertificates(new Date(harness.server.clock.now()));
    https = createServer(contextOf(certificates.expiringSoon), (_request, response) => response.writeHead(200).end('ok'));
    await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', () => resolve()));
    const port = (https.address() as AddressInfo).port;
    const task = await harness.task({ type: MONITOR_TYPES.HTTPS, domain: '127.0.0.1', port, otherPath: '/', nodeIds: [harness.nodes.get(SLUG)?.id ?? 0] });
    const ruleId = await harness.rule({ name: 'Certificate', monitorType: MONITOR_TYPES.HTTPS, mode: ALERT_MODES.SSL_EXPIRY_DAYS, sensitivity: 1, sslDays: [30, 7] }, [task.id]);
    harness.agent(SLUG);

    const [mark] = await harness.waitForLog('the day mark', task.id, (rows) => rows.length > 0);
    expect(mark).toMatchObject({ event: 'ssl_mark', outbox: 1 });
    expect(mark?.content.some((line) => line.params.expiresAt === certificates.expiringSoon.notAfter.getTime())).toBe(true);
    expect(mark?.content.some((line) => line.key === 'ssl.mark' && line.params.count === 7)).toBe(true);
    const evaluated = async () => (await harness.server.db.selectFrom('alert_states').select('last_round_start').where('rule_id', '=', ruleId).executeTakeFirstOrThrow()).last_round_start ?? 0;
    const markedAt = await evaluated();
    await waitFor('three more rounds', async () => (await evaluated()) >= markedAt + 3 * ROUND_MS);
    // Both marks (30 and 7 days) were crossed in that one message; neither is told again.
    expect((await harness.logs(task.id)).map((row) => row.event)).toEqual(['ssl_mark']);

    https.setSecureContext(contextOf(certificates.selfSigned));
    const rows = await harness.waitForLog('the renewal', task.id, (logs) => logs.some((row) => row.event === 'ssl_renewed'));
    expect(rows.map((row) => row.event)).toEqual(['ssl_mark', 'ssl_renewed']);
    expect(rows[1]?.incident_id).toBe(mark?.incident_id);
    const incident = await harness.server.db.selectFrom('alert_incidents').selectAll().where('id', '=', mark?.incident_id ?? 0).executeTakeFirstOrThrow();
    expect(incident).toMatchObject({ kind: 'ssl' });
    expect(incident.ended_at).not.toBeNull();
  }, 90_000);
});
