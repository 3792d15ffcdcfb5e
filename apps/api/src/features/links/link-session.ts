import type { LinkSession } from '@caudal/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError, retryLater } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { findRateLimitWait, hitRateLimit, type RateLimitRule } from '../../shared/rate-limit';
import { hashToken, randomToken } from '../../shared/secure-tokens';
import { getConnectSession } from '../connections';
import { findPublicLink, type PublicLink } from './links.repository';

export interface LinkDeps {
  db: Db;
  config: Config;
  clock: Clock;
}

/** A visitor's connect session lives this long: long enough for a bank's SCA, short for a shared screen. */
const LINK_SESSION_TTL_MS = 60 * 60 * 1000;
/**
 * Session starts on hosted Link pages are counted per visitor address *and company*, never per address
 * alone: end customers of different companies share addresses (a carrier's NAT, office Wi-Fi, a branch
 * kiosk), and one company's traffic, or someone hammering its Link, must not lock another company's
 * customers out. Per company rather than per Link: a visitor cycling through one company's Links still
 * meets one budget, and the key holds the company's id instead of the Link's token (the URL's only
 * secret). The counters live in PostgreSQL (`rate_limits`), so every API instance shares them. The page
 * view itself is not counted (hosted-link-page.ts): it only reads whether this budget is spent.
 */
const SESSION_STARTS: Omit<RateLimitRule, 'key'> = { limit: 120, windowMinutes: 10 };
/** Tokens that name no Link belong to no company: counted on the address alone, against probing. */
const UNKNOWN_LINKS: Omit<RateLimitRule, 'key'> = { limit: 120, windowMinutes: 10 };
/** /link-callback checks a code of any company (it names none until checked): counted per address. */
const CALLBACKS_PER_IP: Omit<RateLimitRule, 'key'> = { limit: 120, windowMinutes: 10 };

const sessionStarts = (companyId: string, ip: string): RateLimitRule => ({
  key: `links:start:${companyId}:${ip}`,
  ...SESSION_STARTS,
});

/** The /link-callback guard: RateLimited with `Retry-After` once the address spent its calls. */
export async function enforceLinkRateLimit(db: Db, ip: string, now: Date): Promise<void> {
  const hit = await hitRateLimit(db, { key: `links:callback:ip:${ip}`, ...CALLBACKS_PER_IP }, now);
  if (!hit.isAllowed) throw retryLater('RateLimited', 'Too many Link requests', hit.resetSeconds);
}

/**
 * Counts one session start by `ip` on the Link's company (an unknown token on the address alone), or
 * refuses it with RateLimited and `Retry-After`. Counted before anything is written or read further.
 */
async function spendSessionStart(db: Db, link: PublicLink | undefined, ip: string, now: Date) {
  const rule = link
    ? sessionStarts(link.company_id, ip)
    : { key: `links:unknown:ip:${ip}`, ...UNKNOWN_LINKS };
  const hit = await hitRateLimit(db, rule, now);
  if (!hit.isAllowed) throw retryLater('RateLimited', 'Too many Link requests', hit.resetSeconds);
}

/**
 * Seconds until `ip` may start a session on this Link's company again, or null while it still may. Only
 * reads the counter: the page view spends nothing.
 */
export function sessionStartsBlockedFor(
  db: Db,
  link: PublicLink,
  ip: string,
  now: Date,
): Promise<number | null> {
  return findRateLimitWait(db, sessionStarts(link.company_id, ip), now);
}

/** The Link behind a public URL, when it can take visitors: unknown (or deleted) 404, paused 423. */
function openLink(link: PublicLink | undefined): PublicLink {
  if (!link) throw new AppError('NotFound', 'No such Link');
  if (link.company_disabled_at) throw new AppError('CompanyDisabled', 'The company is disabled');
  if (!link.active) throw new AppError('LinkPaused', 'The Link is paused');
  return link;
}

/**
 * The visitor's earlier connect token, when it is still live and was minted by this Link for the same
 * `state`: a reload in the middle of SCA picks up where it was, instead of starting over, and a visit
 * started anew with another state never returns with the old one.
 */
async function findResumableToken(
  db: Db,
  link: PublicLink,
  token: string | undefined,
  state: string | null,
  now: Date,
) {
  if (!token) return null;
  const row = await db
    .selectFrom('connect_tokens')
    .select('token_hash')
    .where('token_hash', '=', hashToken(token))
    .where('link_id', '=', link.id)
    .where((eb) => (state === null ? eb('link_state', 'is', null) : eb('link_state', '=', state)))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? token : null;
}

/**
 * Each visitor gets an ordinary one-time connect token (256 random bits, only its hash kept) that
 * remembers its Link: the hosted connect engine runs unchanged and, at the end, issues the Link's code.
 */
async function mintConnectToken(
  db: Db,
  link: PublicLink,
  visit: { language: string; state: string | null },
  now: Date,
): Promise<string> {
  const token = randomToken(32);
  await db
    .insertInto('connect_tokens')
    .values({
      token_hash: hashToken(token),
      company_id: link.company_id,
      kind: 'connect',
      client_id: null,
      credentials_id: null,
      // The return URL is read from the Link when the code is issued (staff may edit it meanwhile).
      redirect_uri: link.redirect_uri,
      language: visit.language,
      link_state: visit.state,
      created_by: null,
      expires_at: new Date(now.getTime() + LINK_SESSION_TTL_MS),
      created_at: now,
      link_id: link.id,
      terms_and_conditions_url: link.terms_and_conditions_url,
      privacy_policy_url: link.privacy_policy_url,
    })
    .execute();
  return token;
}

/** A visitor of the Link's page (`ip`: the address its limit counts on) opens or resumes a session. */
export async function startLinkSession(
  deps: LinkDeps,
  input: {
    token: string;
    language?: string | undefined;
    connect_token?: string | undefined;
    state?: string | undefined;
  },
  visitor: { ip: string },
): Promise<LinkSession> {
  const now = deps.clock();
  const found = await findPublicLink(deps.db, input.token);
  await spendSessionStart(deps.db, found, visitor.ip, now);
  const link = openLink(found);
  const state = input.state ?? null;
  const connectToken =
    (await findResumableToken(deps.db, link, input.connect_token, state, now)) ??
    (await mintConnectToken(deps.db, link, { language: input.language ?? 'es', state }, now));
  const session = await getConnectSession(deps, connectToken);
  return {
    company_name: link.company_name,
    terms_and_conditions_url: link.terms_and_conditions_url,
    privacy_policy_url: link.privacy_policy_url,
    custom_css: session.custom_css ?? null,
    connect_token: connectToken,
    session,
  };
}
