import { defineRoute } from '../shared/call-route';
import type * as schemas from './calls';

export type {
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointForm,
  WebhookEndpointWithSecret,
} from './calls';
export * from './constants';

const webhooksStaff = { kind: 'session', module: 'applications', staffOnly: true } as const;

/** An application's endpoints, oldest first; the signing secret is never listed. */
export const listEndpoints = defineRoute<typeof schemas.ZEndpointListRequest, typeof schemas.ZEndpointList>()(
  {
    path: '/platform/webhooks/list-endpoints',
    access: webhooksStaff,
    errors: ['NotFound'],
  },
);

/** The answer carries the signing secret, the only time it travels. */
export const createEndpoint = defineRoute<
  typeof schemas.ZEndpointCreateRequest,
  typeof schemas.ZEndpointWithSecret
>()({
  path: '/platform/webhooks/create-endpoint',
  audit: {
    action: 'create-endpoint',
    targets: { application: { request: 'client_id' } },
    fields: ['url', 'event_types'],
  },
  access: webhooksStaff,
  errors: ['NotFound', 'WebhookUrlRefused', 'TooManyWebhookEndpoints'],
});

/** URL, events, and enabled/paused; resuming clears a pause for failures. */
export const updateEndpoint = defineRoute<typeof schemas.ZEndpointUpdateRequest, typeof schemas.ZEndpoint>()({
  path: '/platform/webhooks/update-endpoint',
  audit: { action: 'update-endpoint', fields: ['url', 'event_types', 'enabled'] },
  access: webhooksStaff,
  errors: ['NotFound', 'WebhookUrlRefused'],
});

export const deleteEndpoint = defineRoute<typeof schemas.ZEndpointRef, typeof schemas.ZWebhookSuccess>()({
  path: '/platform/webhooks/delete-endpoint',
  audit: { action: 'delete-endpoint' },
  access: webhooksStaff,
  errors: ['NotFound'],
});

/** A new secret (shown once); the old one keeps signing for `overlap_hours` (0 ends it now). */
export const rotateEndpointSecret = defineRoute<
  typeof schemas.ZEndpointRotateRequest,
  typeof schemas.ZEndpointWithSecret
>()({
  path: '/platform/webhooks/rotate-endpoint-secret',
  audit: { action: 'rotate-endpoint-secret', fields: ['overlap_hours'] },
  access: webhooksStaff,
  errors: ['NotFound'],
});

/** The delivery log of one endpoint (14 days), newest first, cursor-paged. */
export const listDeliveries = defineRoute<
  typeof schemas.ZDeliveryListRequest,
  typeof schemas.ZWebhookDeliveryPage
>()({
  path: '/platform/webhooks/list-deliveries',
  access: webhooksStaff,
  errors: ['NotFound'],
});

/** Every attempt of one delivery: time, status, latency and the answer's first characters. */
export const listAttempts = defineRoute<typeof schemas.ZDeliveryRef, typeof schemas.ZAttemptList>()({
  path: '/platform/webhooks/list-attempts',
  access: webhooksStaff,
  errors: ['NotFound'],
});

/** Sends a delivery again now, with the same webhook-id and body (receivers drop duplicates by id). */
export const replayDelivery = defineRoute<typeof schemas.ZDeliveryRef, typeof schemas.ZWebhookDelivery>()({
  path: '/platform/webhooks/replay-delivery',
  audit: { action: 'replay-delivery' },
  access: webhooksStaff,
  errors: ['NotFound', 'RateLimited'],
});

/** A `webhook.test` event to this endpoint only (not in the events feed). */
export const sendTestEvent = defineRoute<typeof schemas.ZEndpointRef, typeof schemas.ZWebhookDelivery>()({
  path: '/platform/webhooks/send-test-event',
  audit: { action: 'send-test-event' },
  access: webhooksStaff,
  errors: ['NotFound', 'RateLimited'],
});
