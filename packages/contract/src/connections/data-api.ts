import { z } from 'zod';
import { DATA_API_PREFIX, defineDataApiCall } from '../shared/data-api';
import { LIMITS } from '../shared/validation';
import { ZCredentialInformation } from './calls';

/** The data API's reads of credentials and their status (shared/data-api.ts), scoped to the company. */
const P = DATA_API_PREFIX;
const Credential = ZCredentialInformation.meta({
  id: 'Credential',
  description: 'A bank credential a client connected, with its refresh status',
});
const items = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

export const listCredentials = defineDataApiCall({
  path: `${P}/credentials`,
  operationId: 'listCredentials',
  tag: 'Credentials',
  summary: 'List credentials and their status',
  module: 'wealth',
  query: z.object({ bank: z.string().max(64).optional().meta({ description: 'Only this entity’s' }) }),
  response: items(Credential),
  errors: [],
});

export const getCredential = defineDataApiCall({
  path: `${P}/credentials/:credentials_token`,
  operationId: 'getCredential',
  tag: 'Credentials',
  summary: 'Get a credential and its status',
  module: 'wealth',
  params: z.object({ credentials_token: z.string().min(1).max(LIMITS.token) }),
  response: Credential,
  errors: ['NotFound'],
});

/**
 * Queues a refresh now (202): the outcome arrives as `credentials.updated` or `credentials.needs_action`
 * (webhooks and the events feed). Limited like every data-API call, per application and per company. An
 * expired consent is refused (409 ConsentExpired).
 */
export const refreshCredential = defineDataApiCall({
  method: 'POST',
  path: `${P}/credentials/:credentials_token/refresh`,
  operationId: 'refreshCredential',
  tag: 'Credentials',
  summary: 'Refresh a credential now',
  module: 'wealth',
  successStatus: 202,
  audit: { action: 'credentials-refresh', targets: { credential: { response: 'credentials_token' } } },
  params: z.object({ credentials_token: z.string().min(1).max(LIMITS.token) }),
  response: z
    .object({ credentials_token: z.string(), status: z.literal('queued') })
    .meta({ id: 'RefreshQueued', description: 'The refresh is queued' }),
  // ConsentExpired: the holder's consent ended; nothing refreshes until they renew it.
  errors: ['NotFound', 'ConsentExpired'],
});
