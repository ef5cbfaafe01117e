import { FEEDBACK_LIMITS, type FeedbackCategory, type FeedbackSendBody, type FieldError } from '../../../../shared/index.js';

export interface FeedbackFormValues {
  category: FeedbackCategory | '';
  text: string;
  task: { id: number; name: string } | null;
}

export const EMPTY_FEEDBACK: FeedbackFormValues = { category: '', text: '', task: null };

export const codePoints = (text: string) => [...text].length;

/**
 * The server's rules for what the form holds (zod stays out of the overview): a category, a text
 * of 1 to FEEDBACK_LIMITS.textMax code points. Answers the body, or the field errors.
 */
export function checkFeedback(values: FeedbackFormValues): { body: FeedbackSendBody } | { errors: FieldError[] } {
  const errors: FieldError[] = [];
  if (values.category === '') errors.push({ field: 'category', code: 10010002 });
  const text = values.text.trim();
  if (text === '') errors.push({ field: 'text', code: 10010002 });
  else if (codePoints(text) > FEEDBACK_LIMITS.textMax) errors.push({ field: 'text', code: 10010005, params: { max: FEEDBACK_LIMITS.textMax } });
  if (errors.length > 0 || values.category === '') return { errors };
  return { body: { category: values.category, text, taskId: values.task?.id ?? null } };
}
