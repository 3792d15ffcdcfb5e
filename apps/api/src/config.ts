import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type DatabaseTimeouts, DEADLINE_MARGIN_MS, DEFAULT_DATABASE_TIMEOUTS } from './db/timeouts';

/** The repository root, from this file's location (npm runs the api with cwd apps/api). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DEFAULT_DATA_DIR = `${REPO_ROOT}data`;
const DEFAULT_WEB_ROOT = `${REPO_ROOT}apps/web/dist`;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));
const flag = (fallback: boolean) =>
  optionalText.transform((value) => (value === undefined ? fallback : !/^(false|0|no|off)$/i.test(value)));
const integer = (fallback: number, min = 0) =>
  optionalText
    .transform((value) => (value === undefined ? fallback : Number(value)))
    .pipe(z.number().int().min(min));
const url = optionalText.pipe(z.url().optional());

const ZEnv = z.object({
  NODE_ENV: optionalText,
  PORT: integer(3000, 0),
  HOST: optionalText.transform((value) => value ?? '0.0.0.0'),
  DATA_DIR: optionalText,
  WEB_ROOT: optionalText,
  DATABASE_URL: url,
  AUTH_STRATEGY: optionalText.pipe(z.enum(['local', 'oidc']).optional()),
  OIDC_ISSUER: url,
  OIDC_CLIENT_ID: optionalText,
  OIDC_SCOPE: optionalText,
  OIDC_COMPANY_CLAIM: optionalText,
  SMTP_URL: optionalText,
  MAIL_FROM: optionalText,
  PUBLIC_URL: url,
  API_BASE_URL: optionalText,
  LINK_BASE_URL: optionalText,
  REDIRECT_BASE_URL: optionalText,
  PROVIDER_NAME: optionalText,
  PLATFORM_NAME: optionalText,
  ROOT_REDIRECT: optionalText,
  ROOT_REDIRECT_STATUS: integer(302, 300).pipe(z.number().max(308)),
  SESSION_IDLE_MINUTES: integer(30, 1),
  LOGIN_MAX_FAILURES: integer(5, 1),
  /** Failures from any addresses that lock the names for everyone (LOGIN_MAX_FAILURES locks one address). */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: integer(50, 1),
  LOGIN_LOCK_MINUTES: integer(15, 1).pipe(z.number().max(1_440)),
  LOGIN_MAX_FAILURES_PER_IP: integer(50, 1),
  LOGIN_IP_WINDOW_MINUTES: integer(15, 1).pipe(z.number().max(1_440)),
  DB_STATEMENT_TIMEOUT_MS: integer(DEFAULT_DATABASE_TIMEOUTS.statementMs, 100),
  DB_LOCK_TIMEOUT_MS: integer(DEFAULT_DATABASE_TIMEOUTS.lockMs, 100),
  DB_ACQUIRE_TIMEOUT_MS: integer(DEFAULT_DATABASE_TIMEOUTS.acquireMs, 100),
  /** Unset: DB_STATEMENT_TIMEOUT_MS + DEADLINE_MARGIN_MS (db/statement-deadline.ts). */
  DB_STATEMENT_DEADLINE_MS: optionalText
    .transform((value) => (value === undefined ? undefined : Number(value)))
    .pipe(z.number().int().min(100).optional()),
  READY_TIMEOUT_MS: integer(1_000, 50),
  /** A hosted-page visit not connected and idle this long counts as abandoned (decision 0034). */
  FUNNEL_IDLE_SECONDS: integer(1_800, 1).pipe(z.number().max(86_400)),
  FORGOT_PASSWORD_MAX_PER_EMAIL: integer(5, 1),
  FORGOT_PASSWORD_MAX_PER_IP: integer(30, 1),
  JWT_SECRET: optionalText.pipe(z.string().min(32).optional()),
  /** 32 bytes, base64/base64url (44/43 chars) or hex (64 chars): seals credential secrets at rest. */
  CREDENTIALS_KEY: optionalText.pipe(z.string().min(43).optional()),
  REFRESH_INTERVAL_MINUTES: integer(360, 1),
  /** Days before a consent ends when its holder is reminded, comma-separated (each reminder once). */
  CONSENT_REMINDER_DAYS: optionalText.pipe(
    z
      .string()
      .regex(/^\s*\d{1,3}\s*(,\s*\d{1,3}\s*)*$/, 'a comma-separated list of whole days, such as 14,3')
      .optional(),
  ),
  EXPORT_EXPIRY_HOURS: integer(24, 1),
  /** Audit events older than this many days are purged by the housekeeping job (the chain keeps its boundary). */
  AUDIT_RETENTION_DAYS: integer(365, 1),
  DATA_API_RATE_LIMIT_PER_MINUTE: integer(600, 1),
  DATA_API_COMPANY_RATE_LIMIT_PER_MINUTE: integer(1_200, 1),
  APPLICATIONS_MAX_PER_COMPANY: integer(20, 1),
  EXPORT_MAX_ACTIVE_PER_USER: integer(5, 1),
  EXPORT_MAX_ACTIVE_PER_COMPANY: integer(20, 1),
  EXPORT_SLOTS: integer(2, 1),
  EXPORT_SMALL_SLOTS: integer(1, 0),
  EXPORT_SMALL_MAX_ROWS: integer(10_000, 0),
  /** A batch of an export's cursor not answered this long fails the export (export-cursor.ts). */
  EXPORT_READ_DEADLINE_MS: integer(120_000, 100),
  ARGON2_MEMORY_KIB: integer(19_456, 8),
  ARGON2_TIME_COST: integer(2, 1),
  LOG_LEVEL: optionalText.pipe(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  ),
  TRUST_PROXY: flag(false),
  SEED_DEMO: flag(true),
  START_JOBS: flag(true),
  /** Tests: a call answering an error code its contract does not declare fails (a 500, reported). */
  CHECK_DECLARED_ERRORS: optionalText,
  /** Development only: webhook URLs may be plain http, and may point at this machine (loopback). */
  WEBHOOKS_ALLOW_HTTP: flag(false),
  WEBHOOKS_ALLOW_LOOPBACK: flag(false),
  /** The webhook dispatcher's fallback pass; commits wake it at once (decision 0041). */
  WEBHOOKS_POLL_MS: integer(30_000, 50),
});

export interface Config {
  isProduction: boolean;
  version: string;
  port: number;
  host: string;
  /** The PGlite directory; null keeps the database in memory (tests). */
  dataDir: string | null;
  /** The built portal; served when the directory exists. */
  webRoot: string;
  databaseUrl: string | null;
  authStrategy: 'local' | 'oidc';
  oidc: { issuer: string; clientId: string; scope: string; companyClaim: string } | null;
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  /** Where the portal sends its calls; '' (API_BASE_URL unset) means its own origin, whatever the host name. */
  apiBaseUrl: string;
  linkBaseUrl: string;
  redirectBaseUrl: string;
  /**
   * Neither PUBLIC_URL nor REDIRECT_BASE_URL is set: the portal works on whatever host name it is opened on
   * (127.0.0.1, localhost, a LAN address), so a signed-in call may name its own origin as a redirect.
   * URLs mailed or handed to others still come from PUBLIC_URL/LINK_BASE_URL, never from the Host header.
   */
  allowsRequestOrigin: boolean;
  providerName: string;
  platformName: string;
  rootRedirect: { to: string; status: number } | null;
  sessionIdleMinutes: number;
  loginMaxFailures: number;
  loginLockMinutes: number;
  /** Failed sign-ins from one client address per window before it gets 429 (every instance shares it). */
  loginMaxFailuresPerIp: number;
  loginMaxFailuresPerAccount: number;
  loginIpWindowMinutes: number;
  /** Statement, lock and connection-acquire limits of the data path (a 503 when one fires). */
  databaseTimeouts: DatabaseTimeouts;
  /** `/ready` answers 503 when the database does not answer `select 1` within this. */
  readyTimeoutMs: number;
  /** Idle time after which a visit not connected counts as abandoned (default 30 min). */
  funnelIdleSeconds: number;
  forgotPasswordMaxPerEmail: number;
  forgotPasswordMaxPerIp: number;
  /** Null: generated once and kept in app_settings, so every instance signs with the same key. */
  jwtSecret: string | null;
  passwordHashing: { memoryCost: number; timeCost: number };
  /** Null: generated once and kept in app_settings (like the JWT secret). */
  credentialsKey: string | null;
  /** A credential is refreshed when its last attempt is older than this. */
  refreshIntervalMinutes: number;
  /** Days before a consent ends when the holder gets a reminder with a renewal link; most first. */
  consentReminderDays: number[];
  /** Export files are deleted this long after they are ready. */
  exportExpiryHours: number;
  /** The housekeeping job purges audit events older than this (days); the only deletion of events. */
  auditRetentionDays: number;
  /** Data-API requests one application may make per minute (counted in the database). */
  dataApiRateLimitPerMinute: number;
  /** Data-API requests all of a company's applications together may make per minute. */
  dataApiCompanyRateLimitPerMinute: number;
  /** Applications a company may have: each has its own data-API budget, within the company's. */
  applicationsMaxPerCompany: number;
  /** How long one batch of an export's cursor may take to arrive (PostgreSQL; export-cursor.ts). */
  exportReadDeadlineMs: number;
  /** The fair export queue (decision 0024). */
  exportQueue: {
    /** Exports a user, and a company, may have waiting or running at once; past it `TooManyExports`. */
    maxActivePerUser: number;
    maxActivePerCompany: number;
    /** Exports each instance runs at once, of any size. */
    slots: number;
    /** More slots per instance that take only small exports, so these never wait behind big ones. */
    smallSlots: number;
    /** An export estimated at most this many rows is small. */
    smallExportMaxRows: number;
  };
  logLevel: string;
  /** Behind a load balancer: take the client IP from X-Forwarded-For (rate limits per IP). */
  trustProxy: boolean;
  seedDemo: boolean;
  startJobs: boolean;
  /**
   * A call that answers an error code its contract does not declare is refused with a 500 and reported
   * (shared/http/declared-errors.ts). On under tests (NODE_ENV=test, or CHECK_DECLARED_ERRORS=true).
   */
  checksDeclaredErrors: boolean;
  /** Webhooks (issue 28): development relaxations of the URL rules, and how often the outbox is read. */
  webhooks: { allowHttp: boolean; allowLoopback: boolean; pollMs: number };
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const authStrategy = e.AUTH_STRATEGY ?? 'local';
  if (authStrategy === 'oidc' && (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID)) {
    throw new ConfigError('AUTH_STRATEGY=oidc needs OIDC_ISSUER and OIDC_CLIENT_ID');
  }
  const deadlineMs = e.DB_STATEMENT_DEADLINE_MS ?? e.DB_STATEMENT_TIMEOUT_MS + DEADLINE_MARGIN_MS;
  if (deadlineMs <= e.DB_STATEMENT_TIMEOUT_MS) {
    // The server must stop what it can see first (57014 keeps the connection); the deadline is for
    // statements it never received.
    throw new ConfigError('DB_STATEMENT_DEADLINE_MS must be longer than DB_STATEMENT_TIMEOUT_MS');
  }
  const publicUrl = stripTrailingSlash(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  return {
    isProduction: e.NODE_ENV === 'production',
    version: readVersion(),
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR ?? DEFAULT_DATA_DIR,
    webRoot: e.WEB_ROOT ?? DEFAULT_WEB_ROOT,
    databaseUrl: e.DATABASE_URL ?? null,
    authStrategy,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            scope: e.OIDC_SCOPE ?? 'openid email profile',
            companyClaim: e.OIDC_COMPANY_CLAIM ?? 'company',
          }
        : null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? 'Caudal <no-reply@caudal.test>',
    publicUrl,
    apiBaseUrl: stripTrailingSlash(e.API_BASE_URL ?? ''),
    linkBaseUrl: stripTrailingSlash(e.LINK_BASE_URL ?? publicUrl),
    redirectBaseUrl: stripTrailingSlash(e.REDIRECT_BASE_URL ?? publicUrl),
    allowsRequestOrigin: !e.PUBLIC_URL && !e.REDIRECT_BASE_URL,
    providerName: e.PROVIDER_NAME ?? 'Caudal Data',
    platformName: e.PLATFORM_NAME ?? 'Caudal',
    rootRedirect: e.ROOT_REDIRECT ? { to: e.ROOT_REDIRECT, status: e.ROOT_REDIRECT_STATUS } : null,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginLockMinutes: e.LOGIN_LOCK_MINUTES,
    loginMaxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
    loginMaxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    loginIpWindowMinutes: e.LOGIN_IP_WINDOW_MINUTES,
    databaseTimeouts: {
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      lockMs: e.DB_LOCK_TIMEOUT_MS,
      acquireMs: e.DB_ACQUIRE_TIMEOUT_MS,
      deadlineMs,
    },
    readyTimeoutMs: e.READY_TIMEOUT_MS,
    funnelIdleSeconds: e.FUNNEL_IDLE_SECONDS,
    forgotPasswordMaxPerEmail: e.FORGOT_PASSWORD_MAX_PER_EMAIL,
    forgotPasswordMaxPerIp: e.FORGOT_PASSWORD_MAX_PER_IP,
    jwtSecret: e.JWT_SECRET ?? null,
    passwordHashing: { memoryCost: e.ARGON2_MEMORY_KIB, timeCost: e.ARGON2_TIME_COST },
    credentialsKey: e.CREDENTIALS_KEY ?? null,
    refreshIntervalMinutes: e.REFRESH_INTERVAL_MINUTES,
    consentReminderDays: parseReminderDays(e.CONSENT_REMINDER_DAYS ?? '14,3'),
    exportExpiryHours: e.EXPORT_EXPIRY_HOURS,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    dataApiRateLimitPerMinute: e.DATA_API_RATE_LIMIT_PER_MINUTE,
    dataApiCompanyRateLimitPerMinute: e.DATA_API_COMPANY_RATE_LIMIT_PER_MINUTE,
    applicationsMaxPerCompany: e.APPLICATIONS_MAX_PER_COMPANY,
    exportQueue: {
      maxActivePerUser: e.EXPORT_MAX_ACTIVE_PER_USER,
      maxActivePerCompany: e.EXPORT_MAX_ACTIVE_PER_COMPANY,
      slots: e.EXPORT_SLOTS,
      smallSlots: e.EXPORT_SMALL_SLOTS,
      smallExportMaxRows: e.EXPORT_SMALL_MAX_ROWS,
    },
    exportReadDeadlineMs: e.EXPORT_READ_DEADLINE_MS,
    logLevel: e.LOG_LEVEL ?? 'info',
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    startJobs: e.START_JOBS,
    checksDeclaredErrors:
      e.CHECK_DECLARED_ERRORS === undefined
        ? e.NODE_ENV === 'test'
        : !/^(false|0|no|off)$/i.test(e.CHECK_DECLARED_ERRORS),
    webhooks: {
      allowHttp: e.WEBHOOKS_ALLOW_HTTP,
      allowLoopback: e.WEBHOOKS_ALLOW_LOOPBACK,
      pollMs: e.WEBHOOKS_POLL_MS,
    },
  };
}

function stripTrailingSlash(value: string): string {
  return value.replace(/\/+$/, '');
}

function readVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
}

/** "14,3" -> [14, 3]: distinct, positive, most days first. */
function parseReminderDays(text: string): number[] {
  const days = text.split(',').map((part) => Number(part.trim()));
  return [...new Set(days.filter((day) => day > 0))].sort((a, b) => b - a);
}
