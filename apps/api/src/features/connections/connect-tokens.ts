import { createHash, randomBytes } from 'node:crypto';
import { connections } from '@caudal/contract';
import type { Db } from '../../db/database';
import { AppError } from '../../shared/http/app-error';

export type ConnectTokenKind = 'connect' | 'reset' | 'sca';

/** 256 random bits; only its sha-256 is stored. */
export function createRandomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

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
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = createRandomToken();
  const expiresAt = new Date(input.now.getTime() + connections.CONNECT_TOKEN_TTL_MS);
  await db
    .insertInto('connect_tokens')
    .values({
      token_hash: hashToken(token),
      company_id: input.companyId,
      kind: input.kind,
      client_id: input.clientId,
      credentials_id: input.credentialsId,
      redirect_uri: input.redirectUri,
      language: input.language,
      created_by: input.createdBy,
      expires_at: expiresAt,
      created_at: input.now,
    })
    .execute();
  return { token, expiresAt };
}

/** A token not used and not expired, with its company's name; anything else is InvalidConnectToken. */
export async function findLiveToken(db: Db, token: string, now: Date) {
  const row = await db
    .selectFrom('connect_tokens')
    .innerJoin('companies', 'companies.id', 'connect_tokens.company_id')
    .selectAll('connect_tokens')
    .select('companies.name as company_name')
    .where('connect_tokens.token_hash', '=', hashToken(token))
    .where('connect_tokens.used_at', 'is', null)
    .where('connect_tokens.expires_at', '>', now)
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
  const updated = await db
    .updateTable('connect_tokens')
    .set({
      pending_entity_id: pending.entityId,
      pending_secret: pending.sealedSecret,
      pending_sca_token: pending.scaToken,
    })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
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
