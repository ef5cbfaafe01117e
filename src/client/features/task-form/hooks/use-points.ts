import { useQuery } from '@tanstack/react-query';
import type { PointsQuoteBody } from '../../../../shared/index.js';
import { accountInfoQuery, pointsQuoteQuery } from '../api.js';
import { isFrequency } from '../form-values.js';
import { pointsQuoteOf, type PointsQuote } from '../points-quote.js';
import { useSettled } from './use-settled.js';
import type { FormTaskType } from '../task-types.js';

/** Clicking through nodes asks the server once the clicking pauses. */
const QUOTE_PAUSE_MS = 400;

export interface UsePointsOptions {
  type: FormTaskType;
  frequencyMinutes: number;
  nodeIds: readonly number[];
  taskId?: number | undefined;
  /** Points the task holds now (editing). */
  held: number;
  /** The user may read the account (the overview area): remaining points come from /account/info. */
  contractReadable: boolean;
}

export interface PointsView {
  quote: PointsQuote;
  /** The user may read the account and the customer has no contract in force. */
  noContract: boolean;
}

/**
 * The cost is worked out here as the user edits (the formula is shared with the server); the
 * remaining points come from /account/info, or, for a user without the overview area, from the
 * server's quote of the same settings.
 */
export function usePoints({ type, frequencyMinutes, nodeIds, taskId, held, contractReadable }: UsePointsOptions): PointsView {
  const account = useQuery({ ...accountInfoQuery(), enabled: contractReadable });
  const quoteBody: PointsQuoteBody = { type, frequencyMinutes, nodeIds: [...new Set(nodeIds)].sort((a, b) => a - b) };
  if (taskId !== undefined) quoteBody.id = taskId;
  const settledBody = useSettled(JSON.stringify(quoteBody), QUOTE_PAUSE_MS);
  const parsedBody = JSON.parse(settledBody) as PointsQuoteBody;
  const quoteOpen = !contractReadable && parsedBody.nodeIds.length > 0 && isFrequency(parsedBody.frequencyMinutes);
  const serverQuote = useQuery(pointsQuoteQuery(parsedBody, quoteOpen));

  let remaining: number | null = null;
  if (contractReadable && account.data) remaining = account.data.contract?.remainingPoints ?? 0;
  if (!contractReadable && serverQuote.data) remaining = serverQuote.data.remainingPoints;
  return {
    quote: pointsQuoteOf({ frequencyMinutes, nodeIds, held, remaining }),
    noContract: contractReadable && account.data !== undefined && account.data.contract === null,
  };
}
