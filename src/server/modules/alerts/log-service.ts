import { z } from 'zod';
import {
  AlertLogNode,
  MessageLine,
  type AlertLogEvent,
  type AlertLogListAnswer,
  type AlertLogListBody,
  type AlertLogRow,
  type OutboxState,
} from '../../../shared/calls/alert-settings.js';
import type { Language } from '../../../shared/constants.js';
import type { ServerContext } from '../../context.js';
import { isoTime, isoTimeOrNull, parseJsonColumn } from '../../db/columns.js';
import { AppError } from '../../http/app-error.js';
import { countLogEntries, deliveriesOf, findLogEntry, pageOfLogEntries, type AlertLogEntryRow, type DeliveryRow } from './log-repo.js';

/**
 * The customer's alert log (spec §3 "time and content"): what happened, as message lines every
 * reader sees in their own language, the nodes involved, the verdict, and each chat's delivery.
 */

type LogContext = Pick<ServerContext, 'db'>;

const LOG_NOT_FOUND = 2608;
const END_BEFORE_START = 2121;

const Lines = z.array(MessageLine);
const Nodes = z.array(AlertLogNode);

function deliveryAnswer(row: DeliveryRow): AlertLogRow['deliveries'][number] {
  return {
    chatId: row.chat_id,
    language: row.language as Language,
    state: row.state as OutboxState,
    attempts: row.attempts,
    sentAt: isoTimeOrNull(row.sent_at),
    lastError: row.last_error,
  };
}

function entryAnswer(row: AlertLogEntryRow, deliveries: readonly DeliveryRow[]): AlertLogRow {
  return {
    id: row.id,
    createdAt: isoTime(row.created_at),
    event: row.event as AlertLogEvent,
    ruleId: row.rule_id,
    ruleName: row.rule_name,
    taskId: row.task_id,
    taskName: row.task_name,
    content: parseJsonColumn(Lines, row.content) ?? [],
    nodes: parseJsonColumn(Nodes, row.nodes) ?? [],
    verdict: row.verdict,
    deliveries: deliveries.map(deliveryAnswer),
  };
}

async function entryAnswers(ctx: LogContext, custId: number, rows: readonly AlertLogEntryRow[]): Promise<AlertLogRow[]> {
  const byLog = new Map<number, DeliveryRow[]>();
  for (const delivery of await deliveriesOf(ctx.db, custId, rows.map((row) => row.id))) {
    byLog.set(delivery.log_id, [...(byLog.get(delivery.log_id) ?? []), delivery]);
  }
  return rows.map((row) => entryAnswer(row, byLog.get(row.id) ?? []));
}

/** Newest first; filters by rule, task, event and [from, to) (2121 when `to` is not after `from`). */
export async function listAlertLog(ctx: LogContext, custId: number, body: z.output<typeof AlertLogListBody>): Promise<AlertLogListAnswer> {
  if (body.from !== undefined && body.to !== undefined && !(body.to > body.from)) throw new AppError(END_BEFORE_START);
  const filters = { ruleId: body.ruleId, taskId: body.taskId, event: body.event, from: body.from, to: body.to };
  const total = await countLogEntries(ctx.db, custId, filters);
  const rows = await pageOfLogEntries(ctx.db, custId, filters, { limit: body.pageSize, offset: (body.page - 1) * body.pageSize });
  return { list: await entryAnswers(ctx, custId, rows), total };
}

export async function alertLogInfo(ctx: LogContext, custId: number, id: number): Promise<AlertLogRow> {
  const row = await findLogEntry(ctx.db, custId, id);
  if (!row) throw new AppError(LOG_NOT_FOUND);
  const [answer] = await entryAnswers(ctx, custId, [row]);
  if (!answer) throw new AppError(LOG_NOT_FOUND);
  return answer;
}
