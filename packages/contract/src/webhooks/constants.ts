/** Endpoints one application may have. */
export const WEBHOOK_ENDPOINTS_MAX_PER_APPLICATION = 10;
/** Deliveries, their attempts and the events feed keep this many days. */
export const WEBHOOK_RETENTION_DAYS = 14;
/** Retries stop this long after a delivery was created (or replayed); it is then failed. */
export const WEBHOOK_RETRY_WINDOW_HOURS = 24;
/** An endpoint whose attempts have all failed for this long is paused and the admins are told. */
export const WEBHOOK_PAUSE_AFTER_FAILING_DAYS = 3;
/** How long a rotated-out signing secret keeps signing, unless told otherwise. */
export const WEBHOOK_DEFAULT_OVERLAP_HOURS = 24;
export const WEBHOOK_MAX_OVERLAP_HOURS = 168;
/** The type of the event "send a test event" delivers; never in the feed. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test' as const;
export const WEBHOOK_DELIVERY_PAGE_SIZE = 25;
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_PAUSE_REASONS = ['manual', 'failing'] as const;
