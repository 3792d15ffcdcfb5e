/**
 * The zod-free half of the contract, for the web portal: every call's route (method, path, access, errors)
 * typed by its schemas, and the constants and rules the portal runs. Nothing reached from here may load
 * zod (routes.test.ts walks the imports), so the portal's first screens do not download it; the schemas
 * stay in `@caudal/contract`, for the server and for the forms that validate with them.
 */

// Types only: erased at build time, so they may come from the schema files.
export type { Application, ApplicationForm, CreatedApplication } from './applications/calls';
export * as applications from './applications/routes';
export { CLIENT_ID_PREFIX, CLIENT_SECRET_PREFIX } from './applications/routes';
export type {
  AuditEvent,
  AuditEventList,
  AuditExport,
  AuditExportRequest,
  AuditListRequest,
} from './audit/calls';
export * as audit from './audit/routes';
export { AUDIT_PAGE_SIZE, AUDIT_PATH, OPERATOR_AUDIT_ACTIONS } from './audit/routes';
export type { SecondStep, TotpEnrolment } from './auth/calls';
export * as auth from './auth/routes';
export { ACCESS_TOKEN_MAX_AGE_SECONDS, AUTH_STORAGE_KEY } from './auth/routes';
export type {
  ConnectSession,
  ConsentRenewalLink,
  CredentialCountFigures,
  CredentialCounts,
  CredentialInformation,
  EntityCredentialCounts,
} from './connections/calls';
export * from './connections/consent-state';
export * from './connections/credential-state';
export * as connections from './connections/routes';
export { CREDENTIAL_PAGE_SIZE, CREDENTIAL_SORTS, type CredentialSort } from './connections/routes';
export type { CssRemoval, CssRemovalReason, CustomCss } from './custom-css/calls';
export * as customCss from './custom-css/routes';
export {
  CSS_ALLOWED_ATTRIBUTES,
  CSS_REMOVAL_REASONS,
  CUSTOM_CSS_MAX_BYTES,
  CUSTOM_CSS_MAX_DEPTH,
} from './custom-css/routes';
export type {
  AvailableExport,
  CsvDialect,
  Export,
  ExportFormat,
  ExportRequest,
  ExportStatus,
  ExportType,
} from './exports/calls';
export * as exports from './exports/routes';
export type { InstitutionHealth, InstitutionHealthList, LinkFunnel } from './funnel/calls';
export * from './funnel/constants';
export * as funnel from './funnel/routes';
export type { Link, LinkCodeExchange, LinkSession } from './links/calls';
export * as links from './links/routes';
export { DEFAULT_LINK_REDIRECT_URI, LINK_CODE_TTL_MS, LINK_PAGE_SIZE } from './links/routes';
export * from './locales';
export type { Entity, RuntimeConfig } from './platform/calls';
export type { Identity, UserKind } from './platform/identity';
export * as platform from './platform/routes';
export type { PortalClient, PortalUser, PortalUserSummary } from './portals/calls';
export * as portals from './portals/routes';
export { PORTAL_CLIENTS_MAX, PORTAL_CLIENTS_PREVIEW, PORTAL_PAGE_SIZE } from './portals/routes';
export type { TwoFactorStatus, UserSession } from './security/calls';
export * as security from './security/routes';
export * from './shared/call-errors';
export * from './shared/call-route';
export * from './shared/can-call';
export * from './shared/data-api-paths';
export type { CallContract } from './shared/define-call';
export * from './shared/error-codes';
export type { ApiError, FieldIssue } from './shared/errors';
export * from './shared/modules';
export * from './shared/validation-rules';
export type {
  ConsentCounts,
  Summary,
  SummaryCounts,
  SummaryCredential,
  SummaryEntity,
} from './summary/calls';
export * as summary from './summary/routes';
export { SUMMARY_LAST_CREDENTIALS } from './summary/routes';
export type { InvitationDetails, InviteStaffRequest, StaffMember, StaffState } from './team/calls';
export * as team from './team/routes';
export {
  INVITATION_PATH,
  INVITATION_TTL_HOURS,
  STAFF_PAGE_SIZE,
  STAFF_SORTS,
  type StaffSort,
} from './team/routes';
export type { UnmatchedProduct } from './unmatched/calls';
export * as unmatched from './unmatched/routes';
export * from './wealth/codes';
export * from './wealth/entities';
export type {
  Account,
  Client,
  Investment,
  InvestmentTransaction,
  Liability,
  Portfolio,
  Transaction,
} from './wealth/models';
export type {
  AllocationSlice,
  BalanceHistory,
  BalanceSeries,
  ClientOverview,
  InvestmentHistory,
  NetPosition,
  TimelineTransaction,
  ValueHistory,
} from './wealth/overview-models';
export * as wealth from './wealth/routes';
export {
  ALIAS_CHARACTERS,
  ALIAS_MAX,
  CLIENT_PAGE_SIZE,
  CLIENT_SORTS,
  DEFAULT_HISTORY_RANGE,
  HISTORY_BUCKETS,
  HISTORY_DAILY_MAX_DAYS,
  HISTORY_RANGES,
  HISTORY_WEEKLY_MAX_DAYS,
  type HistoryBucket,
  type HistoryRange,
  TIMELINE_MAX_TRANSACTIONS,
  TOTAL_COUNT_HEADER,
  TRANSACTION_PAGE_SIZE,
} from './wealth/routes';
export type {
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointForm,
  WebhookEndpointWithSecret,
} from './webhooks/calls';
export * as webhooks from './webhooks/routes';
export {
  WEBHOOK_DEFAULT_OVERLAP_HOURS,
  WEBHOOK_DELIVERY_PAGE_SIZE,
  WEBHOOK_MAX_OVERLAP_HOURS,
  WEBHOOK_RETENTION_DAYS,
  type WebhookDeliveryStatus,
} from './webhooks/routes';
