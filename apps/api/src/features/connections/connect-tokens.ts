import { connections } from '@caudal/contract';
import { sql } from 'kysely';
import { runWithoutOwed } from '../../db/before-first-commit';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/in-transaction';
import { AppError } from '../../shared/app-error';
import { hashToken, randomToken } from '../../shared/secure-tokens';

export type ConnectTokenKind = 'connect' | 'reset' | 'sca' | 'renew';

/**
 * A new link: 256 random bits, only its sha-256 stored. A reset or SCA link for a credential replaces
 * the earlier live links of that credential and kind, in the same transaction (the caller's, when it
 * is in one): only the newest works. Links live CONNECT_TOKEN_TTL_MS unless `ttlMs` says otherwise.
 */
export async function createConnectToken(
  db: Db,
  input: {
    companyId: string;
    kind: ConnectTokenKind;
    clientId: string | null;
    credentialsId: string | null;
    redirectUri: string;
    language: string;
    createdBy: string | null;
    now: Date;
    ttlMs?: number;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken(32);
  const expiresAt = new Date(input.now.getTime() + (input.ttlMs ?? connections.CONNECT_TOKEN_TTL_MS));
  const { credentialsId } = input;
  await inTransaction(db, async (trx) => {
    if (credentialsId !== null) {
      // Revoked, not used: they expire now (used_at keeps meaning "completed a flow").
      await trx
        .updateTable('connect_tokens')
        .set({ expires_at: input.now, pending_secret: null })
        .where('company_id', '=', input.companyId)
        .where('credentials_id', '=', credentialsId)
        .where('kind', '=', input.kind)
        .where('used_at', 'is', null)
        .where('expires_at', '>', input.now)
        .execute();
    }
    await trx
      .insertInto('connect_tokens')
      .values({
        token_hash: hashToken(token),
        company_id: input.companyId,
        kind: input.kind,
        client_id: input.clientId,
        credentials_id: credentialsId,
        redirect_uri: input.redirectUri,
        language: input.language,
        created_by: input.createdBy,
        expires_at: expiresAt,
        created_at: input.now,
      })
      .execute();
  });
  return { token, expiresAt };
}

/** A token not used and not expired, with its company's name; anything else is InvalidConnectToken. */
export async function findLiveToken(db: Db, token: string, now: Date) {
  const row = await db
    .selectFrom('connect_tokens')
    .innerJoin('companies', 'companies.id', 'connect_tokens.company_id')
    // The Link the visitor came through, by the token the audit log names Links with.
    .leftJoin('links', 'links.id', 'connect_tokens.link_id')
    .selectAll('connect_tokens')
    .select(['companies.name as company_name', 'links.token as link_token'])
    .where('connect_tokens.token_hash', '=', hashToken(token))
    .where('connect_tokens.used_at', 'is', null)
    .where('connect_tokens.expires_at', '>', now)
    // A disabled company's connect pages answer as unavailable (and work again once it is enabled).
    .where('companies.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new AppError('InvalidConnectToken', 'Unknown, used or expired connect token');
  return row;
}
export type LiveToken = Awaited<ReturnType<typeof findLiveToken>>;

/** Remembers the SCA challenge of a login, for the second step; only while the token is live. */
export async function savePendingSca(
  db: Db,
  tokenHash: string,
  now: Date,
  pending: { entityId: string; sealedSecret: string | null; scaToken: string },
): Promise<void> {
  // The flow's state between its two steps, not its change (the credential, written when it ends).
  const updated = await runWithoutOwed(() =>
    db
      .updateTable('connect_tokens')
      .set({
        pending_entity_id: pending.entityId,
        pending_secret: pending.sealedSecret,
        pending_sca_token: pending.scaToken,
      })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst(),
  );
  if (updated.numUpdatedRows === 0n)
    throw new AppError('InvalidConnectToken', 'Connect token used or expired');
}

/** Single use: the one caller that flips used_at wins; everyone else gets InvalidConnectToken. */
export async function consumeToken(trx: Db, tokenHash: string, now: Date) {
  const row = await trx
    .updateTable('connect_tokens')
    .set({ used_at: now, pending_secret: null })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError('InvalidConnectToken', 'Connect token used or expired');
  return row;
}

/**
 * Wrong passwords a connect token takes before it ends. Each one reaches the holder's bank as a login
 * attempt: a few are enough for a typo, and banks lock online banking after a handful.
 */
export const PASSWORD_TRIES_PER_TOKEN = 5;

/**
 * Takes one password try on the token before the bank sees it, in one statement: concurrent submissions
 * each take their own, and none gets past the cap. A wrong password keeps its try; any other answer
 * gives it back (releasePasswordTry). False once the token's tries are taken.
 */
export async function reservePasswordTry(db: Db, tokenHash: string): Promise<boolean> {
  // Not the call's change (that is the credential): the audit event never rides on this count.
  const row = await runWithoutOwed(() =>
    db
      .updateTable('connect_tokens')
      .set({ password_tries: sql`password_tries + 1` })
      .where('token_hash', '=', tokenHash)
      .where('password_tries', '<', PASSWORD_TRIES_PER_TOKEN)
      .returning('password_tries')
      .executeTakeFirst(),
  );
  return row !== undefined;
}

/** The bank answered something other than a wrong password: the try is not one. */
export async function releasePasswordTry(db: Db, tokenHash: string): Promise<void> {
  await runWithoutOwed(() =>
    db
      .updateTable('connect_tokens')
      .set({ password_tries: sql`greatest(password_tries - 1, 0)` })
      .where('token_hash', '=', tokenHash)
      .execute(),
  );
}

/**
 * After a wrong password: once the token's tries are all taken, it ends (expires now, as a revoked link
 * does; used_at keeps meaning "completed a flow") and every later step on it is InvalidConnectToken.
 * Answers whether the token is spent.
 */
export async function endTokenIfTriesSpent(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const row = await runWithoutOwed(() =>
    db
      .updateTable('connect_tokens')
      .set({ expires_at: sql`least(expires_at, ${now}::timestamptz)`, pending_secret: null })
      .where('token_hash', '=', tokenHash)
      .where('password_tries', '>=', PASSWORD_TRIES_PER_TOKEN)
      .returning('token_hash')
      .executeTakeFirst(),
  );
  return row !== undefined;
}
