export type { Application, ApplicationForm, CreatedApplication } from './applications/calls';
export * as applications from './applications/calls';
export { CLIENT_ID_PREFIX, CLIENT_SECRET_PREFIX } from './applications/calls';
export * as auth from './auth/calls';
export { ACCESS_TOKEN_MAX_AGE_SECONDS, AUTH_STORAGE_KEY, ZSuccess } from './auth/calls';
export type { ConnectSession, CredentialInformation } from './connections/calls';
export * as connections from './connections/calls';
export * from './connections/credential-state';
export * as connectionsDataApi from './connections/data-api';
export type { CssRemoval, CssRemovalReason, CustomCss } from './custom-css/calls';
export * as customCss from './custom-css/calls';
export { CSS_REMOVAL_REASONS, CUSTOM_CSS_MAX_BYTES } from './custom-css/calls';
export type {
  AvailableExport,
  Export,
  ExportFormat,
  ExportRequest,
  ExportStatus,
  ExportType,
} from './exports/calls';
export * as exports from './exports/calls';
export type { Link, LinkCodeExchange, LinkSession } from './links/calls';
export * as links from './links/calls';
export { DEFAULT_LINK_REDIRECT_URI, LINK_CODE_TTL_MS, LINK_PAGE_SIZE } from './links/calls';
export * as linksDataApi from './links/data-api';
export * from './locales';
export type { Entity, RuntimeConfig } from './platform/calls';
export * as platform from './platform/calls';
export * from './platform/identity';
export type { PortalClient, PortalUser, PortalUserSummary } from './portals/calls';
export * as portals from './portals/calls';
export { PORTAL_CLIENTS_MAX, PORTAL_CLIENTS_PREVIEW, PORTAL_PAGE_SIZE } from './portals/calls';
export * from './shared/can-call';
export * from './shared/data-api';
export * from './shared/define-call';
export * from './shared/errors';
export * from './shared/modules';
export * from './shared/validation';
export type { Summary, SummaryCounts, SummaryCredential, SummaryEntity } from './summary/calls';
export * as summary from './summary/calls';
export { SUMMARY_LAST_CREDENTIALS } from './summary/calls';
export type { UnmatchedProduct } from './unmatched/calls';
export * as unmatched from './unmatched/calls';
export * as wealth from './wealth/calls';
export {
  ALIAS_CHARACTERS,
  ALIAS_MAX,
  CLIENT_PAGE_SIZE,
  CLIENT_SORTS,
  TOTAL_COUNT_HEADER,
  TRANSACTION_PAGE_SIZE,
} from './wealth/calls';
export * from './wealth/codes';
export * as wealthDataApi from './wealth/data-api';
export * from './wealth/entities';
export * from './wealth/models';
