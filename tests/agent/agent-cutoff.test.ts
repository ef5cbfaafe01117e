import { describe, expect, it } from 'vitest';
import { runAgentCutoff } from './helpers/agent-cutoff.js';
import { namespaceUnavailableReason } from './helpers/netns.js';

/**
 * An agent process cut off from its server (its network namespace's only link down) for a little
 * over a minute, so each one-minute task comes round at least once meanwhile: it keeps checking and
 * spooling, and on reconnect delivers everything once. The bench's `faults.agent_cutoff` does the
 * same for 10 minutes.
 */

const unavailable = namespaceUnavailableReason();

describe.skipIf(unavailable !== null)(`an agent cut off from its server${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  it('keeps checking while cut off and delivers every result once when the link is back', async () => {
    const outcome = await runAgentCutoff({ cutMs: 70_000, tasks: 20 });
    expect(outcome.agentSurvived).toBe(true);
    expect(outcome.producedWhileCut).toBeGreaterThan(0);
    expect(outcome).toMatchObject({ duplicates: 0, lost: 0, dropped: 0 });
    expect(outcome.stored).toBeGreaterThanOrEqual(outcome.produced - outcome.producedWhileCut);
  }, 600_000);
});
