import { LINK_CODE_TTL_MS, type LinkCodeExchange, LOCALE_CODES } from '@caudal/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../shared/app-error';
import { emitEvent } from '../../shared/events/emit-event';
import { hashToken, randomToken } from '../../shared/secure-tokens';
import type { FinishLinkVisit } from '../connections';
import {
  findCredentialsTokenOf,
  findLinkCodeConnection,
  findLinkForCode,
  insertLinkCode,
  isLinkCodeLive,
  markLinkCodeSpent,
} from './link-codes.repository';

const invalidCode = () => new AppError('InvalidLinkCode', 'Unknown, spent or expired Link code');

/**
 * Where the visitor of a Link returns with its code. A path is the portal's (REDIRECT_BASE_URL), under
 * the visitor's language unless it names one; an absolute URL is the company's own site, as staff set it.
 * The Link URL's `state`, when it had one, comes back beside the code, untouched (as OAuth's does).
 */
export function buildLinkReturnUrl(
  config: Config,
  redirectUri: string,
  language: string,
  code: string,
  state: string | null = null,
) {
  let url: URL;
  if (redirectUri.startsWith('/')) {
    const named = LOCALE_CODES.some(
      (locale) => redirectUri === `/${locale}` || redirectUri.startsWith(`/${locale}/`),
    );
    const origin = new URL(config.redirectBaseUrl).origin;
    url = new URL(named ? redirectUri : `/${language}${redirectUri}`, origin);
  } else {
    url = new URL(redirectUri);
  }
  url.searchParams.set('code', code);
  if (state !== null) url.searchParams.set('state', state);
  return url.toString();
}

/**
 * Called inside the transaction that creates the credential of a Link's visitor: a new one-time code
 * (256 random bits, only its sha-256 kept) for that credential, and the URL to send the visitor to.
 * The Link row is share-locked, so a concurrent delete waits and then sees the pending code; a Link
 * paused meanwhile refuses, and the whole flow rolls back (no credential without its code).
 */
export async function issueLinkCode(
  trx: Db,
  config: Config,
  input: Parameters<FinishLinkVisit>[2],
): Promise<string> {
  const link = await findLinkForCode(trx, input);
  if (!link) throw new AppError('NotFound', 'The Link is gone');
  if (!link.active) throw new AppError('LinkPaused', 'The Link was paused');
  const code = randomToken(32);
  const expiresAt = new Date(input.now.getTime() + LINK_CODE_TTL_MS);
  await insertLinkCode(trx, {
    code_hash: hashToken(code),
    link_id: input.linkId,
    company_id: input.companyId,
    credentials_id: input.credentialsId,
    created_at: input.now,
    expires_at: expiresAt,
    state: input.state,
  });
  const credentialsToken = await findCredentialsTokenOf(trx, input.credentialsId);
  // Never the code itself (it is a credential): the Link and the credential it will unlock.
  await emitEvent(
    trx,
    {
      companyId: input.companyId,
      type: 'link.code_issued',
      data: {
        link_token: link.token,
        credentials_token: credentialsToken,
        expires_at: expiresAt.toISOString(),
        state: input.state,
      },
    },
    input.now,
  );
  return buildLinkReturnUrl(config, link.redirect_uri, input.language, code, input.state);
}

/** `/platform/link-callback`: valid means issued, unspent and unexpired. Looking never spends it. */
export async function checkLinkCode(db: Db, code: string, now: Date): Promise<void> {
  if (!(await isLinkCodeLive(db, hashToken(code), now))) throw invalidCode();
}

/**
 * Spends a code for its own company: one conditional UPDATE … RETURNING, so of two concurrent
 * exchanges exactly one gets the row. Another company's code is, to this company, simply invalid.
 * The spend and the read of what it unlocks are one transaction: a read that fails (a lock timeout,
 * a dropped connection) rolls the spend back, so the caller can retry with the same code.
 */
export function exchangeLinkCode(
  db: Db,
  input: { companyId: string; code: string; now: Date },
): Promise<LinkCodeExchange> {
  return db.transaction().execute((trx) => spendLinkCode(trx, input));
}

async function spendLinkCode(
  db: Db,
  input: { companyId: string; code: string; now: Date },
): Promise<LinkCodeExchange> {
  const spent = await markLinkCodeSpent(db, {
    companyId: input.companyId,
    codeHash: hashToken(input.code),
    now: input.now,
  });
  if (!spent) throw invalidCode();
  const row = await findLinkCodeConnection(db, {
    companyId: input.companyId,
    credentialsId: spent.credentials_id,
    linkId: spent.link_id,
  });
  // Both rows cascade-delete the code, so a spent code always finds them.
  if (!row) throw invalidCode();
  return {
    credentials_token: row.credentials_token,
    bank: row.entity_id,
    client_id: row.client_id,
    link_token: row.link_token,
    link_name: row.link_name,
    connected_at: row.created_at.toISOString(),
    state: spent.state,
  };
}
