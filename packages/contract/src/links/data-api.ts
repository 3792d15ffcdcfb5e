import { z } from 'zod';
import { DATA_API_PREFIX, defineDataApiCall } from '../shared/data-api';
import { ZLinkCodeExchange } from './calls';

/**
 * The company's systems exchange the one-time code a Link's visitor came back with: the code is spent
 * (once, whoever races) and the answer names the credential the visitor connected.
 */
export const exchangeLinkCode = defineDataApiCall({
  method: 'POST',
  path: `${DATA_API_PREFIX}/link-codes/exchange`,
  operationId: 'exchangeLinkCode',
  audit: {
    action: 'exchange-code',
    targets: { credential: { response: 'credentials_token' }, link: { response: 'link_token' } },
  },
  tag: 'Links',
  summary: 'Exchange a Link code for the credential it brought',
  module: 'links',
  body: z.object({
    code: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .meta({ description: 'The `code` query parameter of the redirect to the Link’s redirect_uri' }),
  }),
  response: ZLinkCodeExchange.meta({
    id: 'LinkCodeExchange',
    description: 'The credential connected through the Link; the code is spent',
  }),
  errors: ['InvalidLinkCode'],
});
