/**
 * The whole contract, for the server and for the portal's forms: everything `./routes` has (the zod-free
 * half the portal's first screens load), with each feature's calls (its routes with their schemas) in
 * place of its routes, and the schemas. The named exports below take precedence over `export *`.
 */

export * as applications from './applications/calls';
export * as applicationsDataApi from './applications/data-api';
export * as audit from './audit/calls';
export * as auth from './auth/calls';
export { ZSuccess } from './auth/calls';
export * as connections from './connections/calls';
export { ZCredentialError, ZCredentialStatus } from './connections/calls';
export * as connectionsDataApi from './connections/data-api';
export * as customCss from './custom-css/calls';
export * from './events/event-types';
export * as exports from './exports/calls';
export * as funnel from './funnel/calls';
export * as links from './links/calls';
export * as linksDataApi from './links/data-api';
export * from './locales/locale-schema';
export * as platform from './platform/calls';
export * from './platform/first-screen-preloads';
export * from './platform/identity';
export * as portals from './portals/calls';
export * from './routes';
export * as security from './security/calls';
export * from './shared/data-api';
export * from './shared/define-call';
export * from './shared/empty-bodies';
export * from './shared/errors';
export * from './shared/validation';
export * as summary from './summary/calls';
export * as team from './team/calls';
export * as unmatched from './unmatched/calls';
export * as wealth from './wealth/calls';
export * as wealthDataApi from './wealth/data-api';
export * from './wealth/models';
export * from './wealth/overview-models';
export * as webhooks from './webhooks/calls';
export * from './webhooks/constants';
export * as webhooksDataApi from './webhooks/data-api';
export { EVENTS_FEED_LAG_MS, EVENTS_PAGE_MAX } from './webhooks/data-api';
export * from './webhooks/payloads';
