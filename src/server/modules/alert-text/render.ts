import type { Language } from '../../../shared/constants.js';
import type { MessageLine } from '../../../shared/calls/alert-settings.js';

/**
 * TEMPORARY stand-in until branch i11-messages is merged (it replaces this file): the message's
 * keys, escaped for Telegram HTML, one a line.
 */
export function renderTelegramHtml(lines: MessageLine[], language: Language): string {
  void language;
  return lines.map((line) => escapeHtml(line.key)).join('\n');
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
