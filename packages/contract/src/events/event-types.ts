import { z } from 'zod';

/**
 * Every event a company's systems can receive (webhooks) or read (the data API's events feed). An event
 * carries company-scoped ids and states only, never personal data. Issues add their types here.
 */
export const EVENT_TYPES = [
  'credentials.created',
  'credentials.updated',
  'credentials.needs_action',
  'credentials.deleted',
  'link.code_issued',
  'export.ready',
  'consent.expiring',
  'consent.expired',
] as const;

export const ZEventType = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof ZEventType>;
