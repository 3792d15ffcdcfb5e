import { z } from 'zod';
import { DATA_API_PREFIX, defineDataApiCall } from '../shared/data-api';
import { APPLICATION_SECRET_OVERLAP_MAX_HOURS } from './constants';

/**
 * The calling application's own client secret, rotated by its systems (as `/applications` does for
 * staff): a new secret, in this answer only; the one it replaces keeps getting tokens for
 * `overlap_hours` (default 24, 0 ends it now), so the systems switch without downtime. Tokens already
 * issued keep working until they expire. Audited under the application.
 *
 * The bearer token names the application, and the body must also carry its current `client_secret`
 * (the token endpoint's body field): a 15-minute token alone must not mint a permanent secret. Only the
 * current secret rotates, not the one a rotation is retiring (it may be the leaked one). A missing or
 * wrong secret is `401 Unauthorized`, and nothing changes.
 */
export const rotateSecret = defineDataApiCall({
  method: 'POST',
  path: `${DATA_API_PREFIX}/application/rotate-secret`,
  operationId: 'rotateApplicationSecret',
  tag: 'Application',
  summary: 'Rotate this application’s client secret, with an overlap',
  description:
    'Needs the bearer token and the current client secret in the body. The new secret is shown only in this answer; the replaced one keeps getting tokens for overlap_hours.',
  audit: {
    action: 'rotate-application-secret',
    targets: { application: { response: 'client_id' } },
    fields: ['overlap_hours'],
  },
  body: z.object({
    // Optional in the schema so that a missing secret answers 401 like a wrong one (as the token
    // endpoint answers missing credentials), not 400; the handler requires it.
    client_secret: z.string().optional().meta({
      description:
        'Required: the application’s current client secret (not one a rotation is retiring); missing or wrong: 401',
    }),
    overlap_hours: z
      .number()
      .int()
      .min(0)
      .max(APPLICATION_SECRET_OVERLAP_MAX_HOURS)
      .default(24)
      .meta({ description: 'How long the current secret keeps getting tokens (0: it stops now)' }),
  }),
  response: z
    .object({
      client_id: z.string(),
      client_secret: z.string().meta({ description: 'The new secret: shown only here, keep it now' }),
      previous_secret_expires_at: z
        .string()
        .nullable()
        .meta({ description: 'Until when the replaced secret still gets tokens; null: no overlap' }),
    })
    .meta({ id: 'RotatedSecret', description: 'The new client secret' }),
  // Conflict: another rotation of this application's secret won the race; ask again.
  // Unauthorized (generic) also covers a missing or wrong client_secret.
  errors: ['Conflict'],
});
