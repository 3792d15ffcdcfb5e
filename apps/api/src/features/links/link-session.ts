import type { LinkSession } from '@caudal/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { isWithinRateLimit } from '../../shared/rate-limit';
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
/** The hosted Link page and /link-callback are open to the internet: each IP gets this many calls. */
const PER_IP = { limit: 120, windowMinutes: 10 };

export async function enforceLinkRateLimit(db: Db, ip: string, now: Date): Promise<void> {
  if (!(await isWithinRateLimit(db, { key: `links:ip:${ip}`, ...PER_IP }, now))) {
    throw new AppError('RateLimited', 'Too many Link requests');
  }
}

/** The Link behind a public URL, when it can take visitors: unknown (or deleted) 404, paused 423. */
export async function findOpenLink(db: Db, token: string): Promise<PublicLink> {
  const link = await findPublicLink(db, token);
  if (!link) throw new AppError('NotFound', 'No such Link');
  if (link.company_disabled_at) throw new AppError('CompanyDisabled', 'The company is disabled');
  if (!link.active) throw new AppError('LinkPaused', 'The Link is paused');
  return link;
}

/**
 * The visitor's earlier connect token, when it is still live and was minted by this Link: a reload in
 * the middle of SCA picks up where it was, instead of starting over.
 */
async function findResumableToken(db: Db, link: PublicLink, token: string | undefined, now: Date) {
  if (!token) return null;
  const row = await db
    .selectFrom('connect_tokens')
    .select('token_hash')
    .where('token_hash', '=', hashToken(token))
    .where('link_id', '=', link.id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? token : null;
}

/**
 * Each visitor gets an ordinary one-time connect token (256 random bits, only its hash kept) that
 * remembers its Link: the hosted connect engine runs unchanged and, at the end, issues the Link's code.
 */
async function mintConnectToken(db: Db, link: PublicLink, language: string, now: Date): Promise<string> {
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
      language,
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

export async function startLinkSession(
  deps: LinkDeps,
  input: { token: string; language?: string | undefined; connect_token?: string | undefined },
): Promise<LinkSession> {
  const now = deps.clock();
  const link = await findOpenLink(deps.db, input.token);
  const connectToken =
    (await findResumableToken(deps.db, link, input.connect_token, now)) ??
    (await mintConnectToken(deps.db, link, input.language ?? 'es', now));
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
