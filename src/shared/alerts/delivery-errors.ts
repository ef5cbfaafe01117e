/**
 * Why a chat message's last try failed (alert_outbox.last_error, AlertDelivery.lastError): keys of
 * the `alertmsg` namespace (`delivery.error.*`), so the log reads in the reader's language.
 */
export const DELIVERY_ERRORS = {
  /** 429: Telegram asked to wait; tried again after its retry_after. */
  rateLimited: 'delivery.error.rate_limited',
  /** 5xx from the Bot API. */
  unavailable: 'delivery.error.unavailable',
  timeout: 'delivery.error.timeout',
  network: 'delivery.error.network',
  /** 403, or 400 "chat not found": the chat is marked blocked until its settings are saved again. */
  blocked: 'delivery.error.blocked',
  /** Another 4xx: the Bot API refused this message for good. */
  rejected: 'delivery.error.rejected',
  /** Still not delivered when the retry period (24 h) ended. */
  expired: 'delivery.error.expired',
} as const;
export type DeliveryError = (typeof DELIVERY_ERRORS)[keyof typeof DELIVERY_ERRORS];
