import { publishInboxEvent, type InboxEvent, type InboxEventContext } from '../inbox/publish.js';
import type { AlertFacts } from './judge.js';

/**
 * Each alert message also goes to the inbox and as web push, to the customer's users whose
 * privilege opens the `alert` area (those who can read the alert log). Texts: `push:events.alert.*`.
 */

const PUSH_KEYS: Record<AlertFacts['event'], string> = {
  fire: 'fire',
  repeat: 'repeat',
  recover: 'recover',
  ssl_mark: 'sslMark',
  ssl_renewed: 'sslRenewed',
};

const MINUTE_MS = 60_000;

export interface WrittenAlert {
  facts: AlertFacts;
  logId: number;
}

function eventOf({ facts, logId }: WrittenAlert): InboxEvent {
  const key = PUSH_KEYS[facts.event];
  const ongoing = facts.event === 'fire' || facts.event === 'repeat' || facts.event === 'ssl_mark';
  return {
    custId: facts.task.custId,
    to: 'customer',
    area: 'alert',
    type: 'alert',
    titleKey: `push:events.alert.${key}.title`,
    bodyKey: `push:events.alert.${key}.body`,
    params: {
      rule: facts.rule.name,
      name: facts.task.name,
      taskId: facts.task.id,
      taskType: facts.task.type,
      logId,
      minutes: Math.max(1, Math.round((facts.durationMs ?? 0) / MINUTE_MS)),
      days: facts.ssl?.daysLeft ?? 0,
    },
    urgency: ongoing ? 'high' : 'normal',
  };
}

/** Publishes the written alerts (after their transaction committed); a failure is logged, never thrown. */
export async function publishAlerts(ctx: InboxEventContext, written: readonly WrittenAlert[]): Promise<void> {
  for (const alert of written) {
    try {
      await publishInboxEvent(ctx, eventOf(alert));
    } catch (error) {
      ctx.log?.warn({ err: error }, 'alerts: inbox event not published');
    }
  }
}
