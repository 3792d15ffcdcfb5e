import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** A timestamp read as a Date, written as a Date (or ISO string). */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface CompaniesTable {
  id: Generated<string>;
  name: string;
  modules: string[];
  created_at: DefaultTimestamp;
}

export interface UsersTable {
  id: Generated<string>;
  company_id: string;
  username: string;
  email: string | null;
  name: string | null;
  password_hash: string;
  kind: 'staff' | 'portal';
  disabled_at: Timestamp | null;
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
}

export interface LoginFailuresTable {
  company_key: string;
  username_key: string;
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
  status: ColumnType<'pending' | 'sent' | 'failed', 'pending' | 'sent' | 'failed' | undefined>;
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

export interface Database {
  companies: CompaniesTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  password_reset_tokens: PasswordResetTokensTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
  entities: EntitiesTable;
  app_settings: AppSettingsTable;
  schema_migrations: SchemaMigrationsTable;
}

export type Company = Selectable<CompaniesTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
