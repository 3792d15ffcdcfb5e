import { z } from 'zod';
import { DATA_API_PREFIX, defineDataApiCall } from '../shared/data-api';
import type { Module } from '../shared/modules';
import { LIMITS } from '../shared/validation';
import { ZCredentialInformation } from './calls';
import { CREDENTIAL_PAGE_SIZE } from './constants';

/** The data API's reads of credentials and their status (shared/data-api.ts), scoped to the company. */
const P = DATA_API_PREFIX;
const Credential = ZCredentialInformation.meta({
  id: 'Credential',
  description: 'A bank credential a client connected, with its refresh status',
});
/** Query strings are text: numbers are coerced, then checked (as the client list's). */
const zQueryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/**
 * A credential is what a Link produces as much as a part of the wealth book: a company with either
 * module may read, list and refresh its credentials (the routes' `module`, checked by the data API's
 * one seam).
 */
export const CREDENTIAL_MODULES = ['wealth', 'links'] as const satisfies readonly Module[];
const NEEDS_A_CREDENTIAL_MODULE = 'Needs the wealth or the links module (403 ModuleDisabled with neither).';

export const listCredentials = defineDataApiCall({
  path: `${P}/credentials`,
  operationId: 'listCredentials',
  tag: 'Credentials',
  module: CREDENTIAL_MODULES,
  summary: 'List credentials and their status',
  description: `One page of the company’s credentials, oldest connection first (ties in a fixed order): reading pages 1, 2, … until one comes back short reads each credential once. \`total\` counts the matches on every page. ${NEEDS_A_CREDENTIAL_MODULE}`,
  query: z.object({
    bank: z.string().max(64).optional().meta({ description: 'Only this entity’s' }),
    page: zQueryInt(1, 100_000).default(1).meta({ description: '1-based page number' }),
    page_size: zQueryInt(1, CREDENTIAL_PAGE_SIZE.max).default(CREDENTIAL_PAGE_SIZE.default),
  }),
  response: z
    .object({
      items: z.array(Credential),
      total: z.number().int().meta({ description: 'Credentials matching `bank`, on every page' }),
      page: z.number().int(),
      page_size: z.number().int(),
    })
    .meta({ id: 'CredentialPage' }),
  errors: [],
});

export const getCredential = defineDataApiCall({
  path: `${P}/credentials/:credentials_token`,
  operationId: 'getCredential',
  tag: 'Credentials',
  module: CREDENTIAL_MODULES,
  summary: 'Get a credential and its status',
  description: NEEDS_A_CREDENTIAL_MODULE,
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
  module: CREDENTIAL_MODULES,
  summary: 'Refresh a credential now',
  description: `The outcome arrives as credentials.updated or credentials.needs_action (webhooks and the events feed). ${NEEDS_A_CREDENTIAL_MODULE}`,
  successStatus: 202,
  audit: { action: 'credentials-refresh', targets: { credential: { response: 'credentials_token' } } },
  params: z.object({ credentials_token: z.string().min(1).max(LIMITS.token) }),
  response: z
    .object({ credentials_token: z.string(), status: z.literal('queued') })
    .meta({ id: 'RefreshQueued', description: 'The refresh is queued' }),
  // ConsentExpired: the holder's consent ended; nothing refreshes until they renew it.
  errors: ['NotFound', 'ConsentExpired'],
});
