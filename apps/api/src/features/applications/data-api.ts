import { applicationsDataApi } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerDataApiCall } from '../../shared/data-api/register-data-api-call';
import { rotateApplicationSecret } from './applications.repository';

/**
 * The calling application rotates its own secret: the same rotation as the portal's, same overlap, once
 * it proves its current client secret (the token alone is not enough).
 */
export function registerApplicationsDataApi(app: FastifyInstance) {
  registerDataApiCall(app, applicationsDataApi.rotateSecret, async ({ input, application, db, clock }) => {
    const rotated = await rotateApplicationSecret(db, {
      companyId: application.companyId,
      clientId: application.clientId,
      overlapHours: input.body.overlap_hours,
      now: clock(),
      proof: { by: 'application', clientSecret: input.body.client_secret },
    });
    return {
      client_id: rotated.client_id,
      client_secret: rotated.client_secret,
      previous_secret_expires_at: rotated.previous_secret_expires_at ?? null,
    };
  });
}
