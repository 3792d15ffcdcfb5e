import { linksDataApi } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerDataApiCall } from '../../shared/data-api/register-data-api-call';
import { exchangeLinkCode } from './link-codes';

/** The data API's Link-code exchange: the same single-use spend as the staff call, in the app's company. */
export function registerLinksDataApi(app: FastifyInstance) {
  registerDataApiCall(app, linksDataApi.exchangeLinkCode, ({ input, application, db, clock }) =>
    exchangeLinkCode(db, { companyId: application.companyId, code: input.body.code, now: clock() }),
  );
}
