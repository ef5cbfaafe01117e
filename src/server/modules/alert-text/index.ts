export { PARAM_TEXT_MAX, TELEGRAM_MESSAGE_MAX, renderPlainText, renderTelegramHtml, type RenderOptions } from './render.js';
export { DEFAULT_ALERT_TIME_ZONE, escapeHtml } from './texts.js';
