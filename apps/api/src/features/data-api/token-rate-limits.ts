import type { Db } from '../../db/database';
import { findRateLimitWait, hitRateLimit, type RateLimitRule } from '../../shared/rate-limit';

/**
 * Token requests are counted per address *and* the company of the client_id they name, never per
 * address alone: integrators of different companies share egress addresses (a SaaS host serving several
 * customers, a cloud NAT, a proxy), and one company's misconfigured or attacked client must not lock
 * another company's out. Successes count too: each costs the endpoint its database reads.
 */
const REQUESTS_PER_ADDRESS_AND_COMPANY: Omit<RateLimitRule, 'key'> = { limit: 60, windowMinutes: 1 };
/** A client_id that names no application belongs to no company: counted on the address alone. */
const REQUESTS_OF_UNKNOWN_CLIENTS_PER_ADDRESS: Omit<RateLimitRule, 'key'> = { limit: 60, windowMinutes: 1 };
/**
 * Failed client authentications of one client_id from all addresses together: guessing one
 * application's secret from many addresses meets one wall. Above what one address may spend in the
 * window (600 at 60 a minute), so no single address can lock a client_id out for everyone.
 */
export const FAILURES_PER_CLIENT: Omit<RateLimitRule, 'key'> = { limit: 1_000, windowMinutes: 10 };

/** Issued ids are 42 characters; anything far longer names no application (not worth a query). */
const MAX_CLIENT_ID_LENGTH = 128;

/** The counter of failed authentications of one client_id, from every address. */
export const clientFailures = (clientId: string): RateLimitRule => ({
  key: `data-api-token:failures:${clientId}`,
  ...FAILURES_PER_CLIENT,
});

export interface TokenRequestCount {
  /** Seconds until this request could be answered, or null when it may go on. */
  waitSeconds: number | null;
  /** Whether the client_id names an application (only then are its failures counted). */
  isKnownClient: boolean;
}

/**
 * Counts one token request by `ip` for `clientId` before its secret is checked, and says whether it
 * may go on: the address's budget for the client's company (an unknown client_id's: the address's own),
 * then the client_id's failures from every address (read, not counted: only a failure counts there).
 */
export async function spendTokenRequest(
  db: Db,
  clientId: string,
  ip: string,
  now: Date,
): Promise<TokenRequestCount> {
  const companyId = await findClientCompany(db, clientId);
  const rule: RateLimitRule = companyId
    ? { key: `data-api-token:${companyId}:${ip}`, ...REQUESTS_PER_ADDRESS_AND_COMPANY }
    : { key: `data-api-token:unknown:ip:${ip}`, ...REQUESTS_OF_UNKNOWN_CLIENTS_PER_ADDRESS };
  const hit = await hitRateLimit(db, rule, now);
  if (!hit.isAllowed) return { waitSeconds: hit.resetSeconds, isKnownClient: companyId !== null };
  if (!companyId) return { waitSeconds: null, isKnownClient: false };
  return { waitSeconds: await findRateLimitWait(db, clientFailures(clientId), now), isKnownClient: true };
}

/** A wrong secret for a known client_id; an unknown one's is already on its address's budget. */
export async function countFailedAuthentication(
  db: Db,
  clientId: string,
  counted: TokenRequestCount,
  now: Date,
): Promise<void> {
  if (counted.isKnownClient) await hitRateLimit(db, clientFailures(clientId), now);
}

async function findClientCompany(db: Db, clientId: string): Promise<string | null> {
  if (clientId.length === 0 || clientId.length > MAX_CLIENT_ID_LENGTH) return null;
  const row = await db
    .selectFrom('applications')
    .select('company_id')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row?.company_id ?? null;
}
