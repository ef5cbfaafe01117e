import type { MessageLine } from '../../../shared/calls/alert-settings.js';

/** TEMPORARY stand-in for composeAlertLines({ event: 'test', sentAt }) until the composer is merged. */
export function testMessageLines(sentAt: number): MessageLine[] {
  return [
    { key: 'headline.test', params: {} },
    { key: 'test.body', params: { sentAt } },
    { key: 'test.hint', params: {} },
  ];
}
