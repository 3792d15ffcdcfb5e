import { z } from 'zod';
import { ZApplicationRef } from '../applications/calls';
import { ZEventType } from '../events/event-types';
import { defineCall } from '../shared/define-call';
import { LIMITS, VALIDATION } from '../shared/validation';
import {
  WEBHOOK_DEFAULT_OVERLAP_HOURS,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_MAX_OVERLAP_HOURS,
  WEBHOOK_PAUSE_REASONS,
} from './constants';
import * as routes from './routes';

export * from './constants';

export const ZEndpoint = z.object({
  id: z.string(),
  client_id: z.string(),
  url: z.string(),
  event_types: z.array(ZEventType),
  enabled: z.boolean(),
  paused_reason: z.enum(WEBHOOK_PAUSE_REASONS).nullable(),
  /** Set while a rotated-out secret still signs (each delivery then carries both signatures). */
  previous_secret_expires_at: z.string().nullable(),
  failing_since: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof ZEndpoint>;
export const ZEndpointList = z.array(ZEndpoint);
export const ZEndpointWithSecret = z.object({ endpoint: ZEndpoint, secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof ZEndpointWithSecret>;
export const ZWebhookSuccess = z.object({ success: z.literal(true) });

export const ZEndpointListRequest = ZApplicationRef;

/** Shape only (a URL of at most 2 KB); the server decides https and the address rules. */
const ZWebhookUrl = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, { error: VALIDATION.required })
  .max(LIMITS.url, { error: VALIDATION.maxLength })
  .refine((value) => URL.canParse(value), { error: VALIDATION.url });

const ZEventTypes = z
  .array(ZEventType, { error: VALIDATION.required })
  .min(1, { error: VALIDATION.required })
  .transform((types) => [...new Set(types)]);

export const ZEndpointForm = z.object({ url: ZWebhookUrl, event_types: ZEventTypes });
export type WebhookEndpointForm = z.input<typeof ZEndpointForm>;
export const ZEndpointCreateRequest = ZEndpointForm.extend(ZApplicationRef.shape);

const ZEndpointId = z.string({ error: VALIDATION.required }).uuid({ error: VALIDATION.invalid });
export const ZEndpointRef = z.object({ id: ZEndpointId });
export const ZEndpointUpdateRequest = z.object({
  id: ZEndpointId,
  url: ZWebhookUrl.optional(),
  event_types: ZEventTypes.optional(),
  enabled: z.boolean().optional(),
});
export const ZEndpointRotateRequest = z.object({
  id: ZEndpointId,
  overlap_hours: z
    .number()
    .int()
    .min(0)
    .max(WEBHOOK_MAX_OVERLAP_HOURS)
    .default(WEBHOOK_DEFAULT_OVERLAP_HOURS),
});

export const ZWebhookDelivery = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  is_test: z.boolean(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof ZWebhookDelivery>;
export const ZWebhookDeliveryPage = z.object({
  items: z.array(ZWebhookDelivery),
  /** Give it back as `cursor` for the next (older) page; null on the last one. */
  next_cursor: z.string().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof ZWebhookDeliveryPage>;
export const ZDeliveryListRequest = z.object({
  endpoint_id: ZEndpointId,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  cursor: z.string().max(200).optional(),
});
export const ZDeliveryRef = z.object({ delivery_id: ZEndpointId });

export const ZWebhookAttempt = z.object({
  attempted_at: z.string(),
  status_code: z.number().int().nullable(),
  /** Why no answer counted: `refused_address`, `timeout`, `connection`, `redirect`… */
  error: z.string().nullable(),
  latency_ms: z.number().int(),
  response_excerpt: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof ZWebhookAttempt>;
export const ZAttemptList = z.array(ZWebhookAttempt);

export const listEndpoints = defineCall(routes.listEndpoints, {
  request: ZEndpointListRequest,
  response: ZEndpointList,
});
export const createEndpoint = defineCall(routes.createEndpoint, {
  request: ZEndpointCreateRequest,
  response: ZEndpointWithSecret,
});
export const updateEndpoint = defineCall(routes.updateEndpoint, {
  request: ZEndpointUpdateRequest,
  response: ZEndpoint,
});
export const deleteEndpoint = defineCall(routes.deleteEndpoint, {
  request: ZEndpointRef,
  response: ZWebhookSuccess,
});
export const rotateEndpointSecret = defineCall(routes.rotateEndpointSecret, {
  request: ZEndpointRotateRequest,
  response: ZEndpointWithSecret,
});
export const listDeliveries = defineCall(routes.listDeliveries, {
  request: ZDeliveryListRequest,
  response: ZWebhookDeliveryPage,
});
export const listAttempts = defineCall(routes.listAttempts, {
  request: ZDeliveryRef,
  response: ZAttemptList,
});
export const replayDelivery = defineCall(routes.replayDelivery, {
  request: ZDeliveryRef,
  response: ZWebhookDelivery,
});
export const sendTestEvent = defineCall(routes.sendTestEvent, {
  request: ZEndpointRef,
  response: ZWebhookDelivery,
});
