/**
 * Why a chat message's last try failed (alert_outbox.last_error, AlertDelivery.lastError): keys of
 * the `alertmsg` namespace, so the log reads in the reader's language. A message given up after
 * the retry period keeps the reason of its last try, with state 'failed'.
 */
export const DELIVERY_ERRORS = {
  /** 429: Telegram asked to wait; tried again after its retry_after. */
  rateLimited: 'delivery.rateLimited',
  /** 5xx from the Bot API. */
  serverError: 'delivery.serverError',
  /** A timeout or a network failure. */
  network: 'delivery.network',
  /** 403: the chat is marked blocked until its settings are saved again. */
  blocked: 'delivery.blocked',
  /** 400 "chat not found": treated as blocked. */
  chatNotFound: 'delivery.chatNotFound',
  /** Another 4xx: the Bot API refused this message for good. */
  rejected: 'delivery.rejected',
} as const;
export type DeliveryError = (typeof DELIVERY_ERRORS)[keyof typeof DELIVERY_ERRORS];
