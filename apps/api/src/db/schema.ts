import type { ExportFormat, ExportStatus, ExportType } from '@caudal/contract';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** A timestamp read as a Date, written as a Date (or ISO string). */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A nullable timestamp that may be left out on insert (null). */
type OptionalTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface CompaniesTable {
  id: Generated<string>;
  name: string;
  modules: string[];
  created_at: DefaultTimestamp;
  disabled_at: OptionalTimestamp;
  /** Staff without two-factor are sent to enrol at their next local sign-in. */
  require_two_factor: Generated<boolean>;
  /** 0030: es/en, the holder mails' language when the holder's own is not known. */
  language: Generated<string>;
}

export interface UsersTable {
  id: Generated<string>;
  company_id: string;
  username: string;
  email: string | null;
  name: string | null;
  /** Null for an invited user who has not set a password yet. */
  password_hash: string | null;
  kind: 'staff' | 'portal';
  /** Staff only; null for portal users. */
  role: Generated<'admin' | 'member' | null>;
  /** Module names (as companies.modules) a staff user may use, within the company's. */
  permissions: Generated<string[]>;
  last_sign_in_at: OptionalTimestamp;
  disabled_at: Timestamp | null;
  created_at: DefaultTimestamp;
  /** The TOTP key, sealed (AES-GCM); null without two-factor. */
  totp_key: Generated<string | null>;
  /** A key being enrolled, until a first code confirms it. */
  totp_pending_key: Generated<string | null>;
  totp_enabled_at: OptionalTimestamp;
  /** The time-step of the last accepted code: a code is accepted once. */
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface RecoveryCodesTable {
  code_hash: string;
  user_id: string;
  company_id: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface SignInChallengesTable {
  token_hash: string;
  user_id: string;
  company_id: string;
  purpose: 'code' | 'enrol';
  company_key: string;
  username_key: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface StaffInvitationsTable {
  token_hash: string;
  user_id: string;
  company_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: DefaultTimestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  company_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ended_at: Timestamp | null;
  address: Generated<string | null>;
  browser: Generated<string | null>;
}

export interface LoginFailuresTable {
  company_key: string;
  username_key: string;
  /** The address the failures came from; '' for the account-wide count (migration 0044). */
  address: Generated<string>;
  failed_count: number;
  window_started_at: Timestamp;
  locked_until: Timestamp | null;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  company_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: DefaultTimestamp;
}

export interface MailOutboxTable {
  id: Generated<string>;
  company_id: string | null;
  to_address: string;
  subject: string;
  body_text: string;
  status: ColumnType<
    'pending' | 'sent' | 'failed' | 'not_sent',
    'pending' | 'sent' | 'failed' | 'not_sent' | undefined
  >;
  attempts: ColumnType<number, number | undefined>;
  last_error: string | null;
  claimed_until: Timestamp | null;
  created_at: DefaultTimestamp;
  sent_at: Timestamp | null;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  window_started_at: Timestamp;
}

export interface EntitiesTable {
  id: string;
  name: string;
  kind: 'bank' | 'broker' | 'insurer' | 'fintech';
  country: ColumnType<string, string | undefined>;
  created_at: DefaultTimestamp;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: DefaultTimestamp;
}

/** A `date` column: always selected as text (`to_char`/`::text`), written as `yyyy-mm-dd`. */
type DateColumn = ColumnType<string, string, string>;
/** A `numeric` column: selected as `::float8` (node-postgres would give a string), written as a number. */
type Numeric = ColumnType<string | number, number | string, number | string>;
type DefaultNumeric = ColumnType<string | number, number | string | undefined, number | string>;

export interface ClientsTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  alias: string;
  entity_ids: ColumnType<string[], string[] | undefined, string[]>;
  search_text: ColumnType<string, never, never>;
  /** fold_name(name || ' ' || alias): generated (0045), what the client search matches. */
  folded_search: ColumnType<string, never, never>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface PortalUserClientsTable {
  user_id: string;
  client_id: string;
  company_id: string;
}

/** A company's number of clients, kept by triggers on clients (migration 0043). */
export interface ClientTotalsTable {
  company_id: string;
  total: number;
}

/** A company's credentials per institution, kept by triggers on credentials (migration 0042). */
export interface CredentialTotalsTable {
  company_id: string;
  entity_id: string;
  total: number;
}

export interface CredentialsTable {
  id: Generated<string>;
  company_id: string;
  token: string;
  entity_id: string;
  client_id: string | null;
  login: string;
  status: ColumnType<string, string | undefined, string>;
  blocked: ColumnType<boolean, boolean | undefined, boolean>;
  sca_token: string | null;
  last_update: Timestamp | null;
  last_success_at: Timestamp | null;
  update_time_ms: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  /** 0003: AES-256-GCM sealed username/password (shared/crypto/sealing.ts). */
  secret_ciphertext: ColumnType<string | null, string | null | undefined, string | null>;
  error: ColumnType<
    'invalid_access' | 'blocked' | 'down' | null,
    'invalid_access' | 'blocked' | 'down' | null | undefined,
    'invalid_access' | 'blocked' | 'down' | null
  >;
  /** 0003: opaque connector state, written as a JSON string. */
  connector_state: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  refresh_requested_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** 0025: when the holder's consent ends (the institution's validity from the connection or renewal). */
  consent_expires_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** 0025: the language of the holder's last hosted visit (their reminders' language). */
  holder_language: ColumnType<string | null, string | null | undefined, string | null>;
}

/** 0025: what the consent scan did for one consent period (reminders, events), each once. */
export interface ConsentNoticesTable {
  credentials_id: string;
  consent_expires_at: ColumnType<Date, Date | string, Date | string>;
  kind: string;
  created_at: DefaultTimestamp;
}

/** 0003: one-time tokens of the hosted connect pages (connect, reset, sca). */
export interface ConnectTokensTable {
  token_hash: string;
  company_id: string;
  kind: 'connect' | 'reset' | 'sca' | 'renew';
  client_id: string | null;
  credentials_id: string | null;
  redirect_uri: string;
  language: ColumnType<string, string | undefined, string>;
  created_by: string | null;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  pending_entity_id: ColumnType<string | null, string | null | undefined, string | null>;
  pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  pending_sca_token: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: DefaultTimestamp;
  /** 0009: set when a hosted Link page minted the token; the flow then ends with a Link code. */
  link_id: ColumnType<string | null, string | null | undefined, string | null>;
  terms_and_conditions_url: ColumnType<string | null, string | null | undefined, string | null>;
  privacy_policy_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0026: the visit this token is (features/funnel); random, never in a URL. */
  visit_id: Generated<string>;
  /** 0049: the Link URL's `state`, handed back beside the code on the redirect (features/links). */
  link_state: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0050: password tries taken, wrong or still at the bank (features/connections/connect-tokens.ts). */
  password_tries: Generated<number>;
}

/** 0009: connection Links (features/links). */
export interface LinksTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  token: string;
  redirect_uri: ColumnType<string, string | undefined, string>;
  terms_and_conditions_url: string | null;
  privacy_policy_url: string | null;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** 0009: one-time codes a Link's visitor brings back; only their sha-256 is kept. */
export interface LinkCodesTable {
  code_hash: string;
  link_id: string;
  company_id: string;
  credentials_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  spent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** 0054: the visit's `state` (connect_tokens.link_state), answered by the exchange. */
  state: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface HoldersTable {
  id: Generated<string>;
  company_id: string;
  credentials_id: string;
  external_id: string;
  name: string;
  document: string | null;
  email: string | null;
  /** fold_name(name): generated (0004-unmatched). */
  name_key: ColumnType<string, never, never>;
}

export type ProductKind = 'account' | 'portfolio' | 'liability';

export interface ProductsTable {
  id: Generated<string>;
  company_id: string;
  client_id: string | null;
  credentials_id: string | null;
  entity_id: string;
  kind: ProductKind;
  external_id: string;
  name: string;
  alias: string | null;
  currency: string;
  balance: DefaultNumeric;
  iban: string | null;
  portfolio_type: string | null;
  liability_type: string | null;
  capital_initial: Numeric | null;
  capital_available: Numeric | null;
  opening_date: DateColumn | null;
  expiration_date: DateColumn | null;
  hidden_at: Timestamp | null;
  /** fold_name(name): generated (0004-unmatched). */
  name_key: ColumnType<string, never, never>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface ProductHoldersTable {
  product_id: string;
  holder_id: string;
  relation: string;
}

export interface InvestmentsTable {
  id: Generated<string>;
  company_id: string;
  portfolio_id: string;
  external_id: string;
  name: string;
  isin: string | null;
  type: string;
  amount: DefaultNumeric;
  balance: DefaultNumeric;
  currency: string;
  ref_account: string | null;
}

export interface ProductTransactionsTable {
  /** bigint: selected as text, so it never loses precision. */
  id: ColumnType<string, never, never>;
  company_id: string;
  product_id: string;
  external_id: string;
  operation_date: DateColumn;
  value_date: DateColumn | null;
  amount: Numeric;
  balance: Numeric | null;
  description: string;
}

export interface InvestmentTransactionsTable {
  id: ColumnType<string, never, never>;
  company_id: string;
  portfolio_id: string;
  investment_id: string;
  external_id: string;
  operation_date: DateColumn;
  value_date: DateColumn | null;
  amount: Numeric;
  net_cash: Numeric;
  type: number;
  description: string;
}

/** 0027: a portfolio's (investment_id null) or an investment's value on a day. */
export interface ValuationsTable {
  id: ColumnType<string, never, never>;
  company_id: string;
  portfolio_id: string;
  investment_id: string | null;
  valued_on: DateColumn;
  balance: Numeric;
  amount: Numeric | null;
  invested: Numeric | null;
  currency: string;
}

/** 0032: each account's and liability's close per day with movements (kept by an insert trigger). */
export interface ProductDayBalancesTable {
  product_id: string;
  day: DateColumn;
  last_id: string;
  balance: Numeric;
}

/** 0010: the company's custom CSS for its hosted pages (source as written, sanitised css, what was removed). */
export interface CustomCssTable {
  company_id: string;
  source: string;
  css: string;
  removed: ColumnType<unknown, string | undefined, string>;
  /** The sanitiser's rules `css` and `removed` were made by (CUSTOM_CSS_SANITISER_VERSION). */
  sanitiser_version: ColumnType<number, number | undefined, number>;
  updated_by: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** An API application; `secret_hash` is the SHA-256 (hex) of its client secret, never the secret. */
export interface ApplicationsTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  client_id: string;
  secret_hash: string;
  created_at: DefaultTimestamp;
  /** The secret before the last rotation, valid until it expires (migration 0024). */
  previous_secret_hash: Generated<string | null>;
  previous_secret_expires_at: OptionalTimestamp;
  secret_last_used_at: OptionalTimestamp;
  previous_secret_last_used_at: OptionalTimestamp;
  secret_rotated_at: OptionalTimestamp;
}

/** bigint columns come back from node-postgres as strings. */
type BigCount = ColumnType<string | number, number | undefined, number>;

/** An export job (features/exports): queued, run by a worker, its file kept in `export_chunks` until it expires. */
/** The spec's export types, and the audit log's own export (`/audit`'s "Export CSV", migration 0028). */
export type StoredExportType = ExportType | 'audit';

export interface ExportsTable {
  id: Generated<string>;
  company_id: string;
  created_by: string | null;
  type: StoredExportType;
  format: ExportFormat;
  language: 'es' | 'en';
  client_ids: string[];
  entity_ids: string[];
  columns: string[] | null;
  date_from: string | null;
  date_to: string | null;
  file_name: string;
  /** An audit export's filters (shared/audit's AuditFilter: string fields); null for every other type. */
  audit_filter: ColumnType<Record<string, string> | null, string | null | undefined, never>;
  /** Rows counted when asked for, capped just above the small-export bound (migration 0015). */
  estimated_rows: ColumnType<number, number | undefined, number>;
  status: ColumnType<ExportStatus, ExportStatus | undefined, ExportStatus>;
  rows_written: BigCount;
  size_bytes: BigCount;
  error: string | null;
  created_at: DefaultTimestamp;
  started_at: Timestamp | null;
  /** Renewed by the instance running it; a stale one means that instance died (migration 0040). */
  heartbeat_at: OptionalTimestamp;
  finished_at: Timestamp | null;
  expires_at: Timestamp | null;
}

export interface ExportChunksTable {
  export_id: string;
  seq: number;
  data: Buffer;
}

/** A download link's single-use token, stored as its hash. */
export interface ExportDownloadTokensTable {
  token_hash: string;
  export_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** Append-only: written by shared/audit, deleted only by the retention purge. */
export interface AuditEventsTable {
  id: Generated<string>;
  /** Insertion order (migration 0033): pages and the sealer read by (company_id, position). */
  position: ColumnType<string, never, never>;
  company_id: string | null;
  occurred_at: Timestamp;
  kind: string;
  action: string;
  actor_kind: string;
  actor_id: string | null;
  actor_name: string | null;
  target_client_id: string | null;
  target_credential_id: string | null;
  target_link_id: string | null;
  target_application_id: string | null;
  target_user_id: string | null;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  changes: ColumnType<Record<string, { old?: unknown; new?: unknown }>, string, never>;
}
/** Insert-only: an event's place in its company's chain, written by the sealer (decision 0049). */
export interface AuditSealsTable {
  position: ColumnType<string, string | number | bigint, never>;
  company_key: string;
  seq: ColumnType<string, string | number | bigint, never>;
  previous_hash: string;
  hash: string;
  /** 1: sha256 of every value; 2 (migration 0028): sha256(content digest ':' seq ':' previous hash). */
  hash_version: number;
}
/** Events committed and not sealed yet: the sealer's work list (decision 0049). */
export interface AuditUnsealedTable {
  position: ColumnType<string, string | number | bigint, never>;
  company_key: string;
  /** `digestAuditContent` of the event as written; null for markers from before migration 0038. */
  content_digest: string | null;
}

export interface AuditChainHeadsTable {
  company_key: string;
  purged_through_seq: ColumnType<string, string | number | bigint, string | number | bigint>;
  purged_through_hash: string;
  /** The chain's tail: the sealer claims this row (its per-company lock) and moves it (decision 0049). */
  last_seq: ColumnType<string, string | number | bigint, string | number | bigint>;
  last_hash: string;
  /** The hash before `last_hash` (the append's `returning` gives it to the event as previous_hash). */
  prior_hash: string;
}

/** The company's event outbox (shared/events): written with the change that caused it. */
export interface EventsTable {
  id: string;
  company_id: string;
  type: string;
  occurred_at: Timestamp;
  data: ColumnType<Record<string, unknown>, string, never>;
  /** Set when the webhooks dispatcher fanned it out to the endpoints (migration 0024). */
  dispatched_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** 0026: one hosted-page visit and the first time it reached each step (features/funnel). */
export interface FunnelVisitsTable {
  id: string;
  company_id: string;
  link_id: string | null;
  entity_id: string | null;
  opened_at: Timestamp;
  institution_chosen_at: OptionalTimestamp;
  credentials_sent_at: OptionalTimestamp;
  sca_asked_at: OptionalTimestamp;
  sca_passed_at: OptionalTimestamp;
  succeeded_at: OptionalTimestamp;
  failed_at: OptionalTimestamp;
  last_error: string | null;
  last_activity_at: Timestamp;
}

/** 0026: every funnel step as it happened. */
export interface FunnelEventsTable {
  id: Generated<string>;
  visit_id: string;
  company_id: string;
  link_id: string | null;
  step: string;
  entity_id: string | null;
  error: string | null;
  occurred_at: Timestamp;
}

/** 0026: each connection attempt's and refresh's result per institution. */
export interface InstitutionOutcomesTable {
  id: Generated<string>;
  company_id: string;
  entity_id: string;
  kind: 'connection' | 'refresh';
  outcome: string;
  occurred_at: Timestamp;
}

export interface Database {
  companies: CompaniesTable;
  users: UsersTable;
  staff_invitations: StaffInvitationsTable;
  sessions: SessionsTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  login_failures: LoginFailuresTable;
  password_reset_tokens: PasswordResetTokensTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
  entities: EntitiesTable;
  app_settings: AppSettingsTable;
  schema_migrations: SchemaMigrationsTable;
  clients: ClientsTable;
  portal_user_clients: PortalUserClientsTable;
  credentials: CredentialsTable;
  credential_totals: CredentialTotalsTable;
  client_totals: ClientTotalsTable;
  holders: HoldersTable;
  products: ProductsTable;
  product_holders: ProductHoldersTable;
  investments: InvestmentsTable;
  product_transactions: ProductTransactionsTable;
  investment_transactions: InvestmentTransactionsTable;
  valuations: ValuationsTable;
  product_day_balances: ProductDayBalancesTable;
  connect_tokens: ConnectTokensTable;
  applications: ApplicationsTable;
  links: LinksTable;
  link_codes: LinkCodesTable;
  custom_css: CustomCssTable;
  exports: ExportsTable;
  export_chunks: ExportChunksTable;
  export_download_tokens: ExportDownloadTokensTable;
  audit_events: AuditEventsTable;
  audit_chain_heads: AuditChainHeadsTable;
  audit_seals: AuditSealsTable;
  audit_unsealed: AuditUnsealedTable;
  events: EventsTable;
  funnel_visits: FunnelVisitsTable;
  funnel_events: FunnelEventsTable;
  institution_outcomes: InstitutionOutcomesTable;
  consent_notices: ConsentNoticesTable;
}

export type Company = Selectable<CompaniesTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type ClientRow = Selectable<ClientsTable>;
export type ProductRow = Selectable<ProductsTable>;
export type CredentialsRow = Selectable<CredentialsTable>;
export type InvestmentRow = Selectable<InvestmentsTable>;
