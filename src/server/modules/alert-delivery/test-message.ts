import type { MessageLine } from '../../../shared/calls/alert-settings.js';

/** TEMPORARY stand-in for composeAlertLines({ event: 'test', sentAt }) until i11-messages is merged. */
export function testMessageLines(sentAt: number): MessageLine[] {
  return [{ key: 'test.title', params: { sentAt } }];
}
