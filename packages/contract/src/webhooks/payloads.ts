import { z } from 'zod';
import { EVENT_TYPES, type EventType } from '../events/event-types';

/**
 * What each event's `data` holds: company-scoped ids and states only, never personal data. The same
 * objects travel in webhooks and in the events feed; the OpenAPI `webhooks` section is generated from
 * these. Every event type has its entry (the record's type requires it, and payloads.test.ts checks it).
 */
const credentialsToken = z
  .string()
  .meta({ description: 'The credential (as in /credentials/{credentials_token})' });
const bank = z.string().meta({ description: 'The institution’s entity id' });
const consentExpiresAt = z.string().meta({
  description: 'When the holder’s consent ends (ISO 8601); the holder renews it through a renewal link',
});

export const EVENT_DATA_SCHEMAS: Record<EventType, z.ZodObject> = {
  'credentials.created': z.object({
    credentials_token: credentialsToken,
    bank,
    client_id: z.string().nullable().meta({ description: 'The client it was connected for, if any' }),
  }),
  'credentials.updated': z.object({
    credentials_token: credentialsToken,
    bank,
    status: z.literal('ok').meta({ description: 'A refresh, reset or reauthorisation brought new data' }),
  }),
  'credentials.needs_action': z.object({
    credentials_token: credentialsToken,
    bank,
    reason: z
      .enum(['blocked', 'invalid_access', 'sca_due'])
      .meta({ description: 'Blocked by the institution, wrong access, or an SCA older than 20 h' }),
  }),
  'credentials.deleted': z.object({ credentials_token: credentialsToken, bank }),
  'link.code_issued': z.object({
    link_token: z.string().meta({ description: 'The Link the visitor came through' }),
    credentials_token: credentialsToken,
    expires_at: z.string().meta({ description: 'When the one-time code (never sent here) expires' }),
    state: z.string().nullable().optional().meta({
      description:
        'The Link URL’s `?state=` the visit came with, as the redirect carries it; null without one (absent on events before 2026-11-28)',
    }),
  }),
  'export.ready': z.object({
    export_id: z.string(),
    type: z.string(),
    format: z.string(),
    expires_at: z.string().meta({ description: 'When the file is deleted' }),
  }),
  'consent.expiring': z.object({
    credentials_token: credentialsToken,
    consent_expires_at: consentExpiresAt,
    days_left: z.number().int().min(0).meta({
      description:
        'Whole days left, rounded up; sent once, as the first reminder window opens (14 days by default)',
    }),
  }),
  'consent.expired': z.object({
    credentials_token: credentialsToken,
    consent_expires_at: consentExpiresAt,
  }),
};

const GENERIC_DATA = z.record(z.string(), z.unknown()).meta({ description: 'Company-scoped ids and states' });

/** The body of a webhook and an item of the events feed (the Standard Webhooks shape, plus its id). */
export function eventEnvelope(type: EventType | 'webhook.test') {
  const data = type === 'webhook.test' ? GENERIC_DATA : EVENT_DATA_SCHEMAS[type];
  return z.object({
    id: z
      .string()
      .meta({ description: 'evt_…; the same as the webhook-id header, on every retry and replay' }),
    type: z.literal(type),
    timestamp: z.string().meta({ description: 'When it happened (ISO 8601)' }),
    data,
  });
}

export const ZEvent = z
  .object({
    id: z.string(),
    type: z.enum(EVENT_TYPES),
    timestamp: z.string(),
    data: GENERIC_DATA,
  })
  .meta({
    id: 'Event',
    description: 'Something that happened in the company; `data` per type in `webhooks`',
  });
export type CompanyEvent = z.infer<typeof ZEvent>;
