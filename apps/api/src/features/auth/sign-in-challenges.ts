import type { Db } from '../../db/database';
import { addSeconds } from '../../shared/clock';
import { hashToken, randomToken } from '../../shared/secure-tokens';
import type { LockoutKey } from './auth.repository';

/** A correct password opens a second step for this long (issue 27: five minutes). */
export const CHALLENGE_TTL_SECONDS = 300;

export type ChallengePurpose = 'code' | 'enrol';

/** A 256-bit single-use challenge; only its sha256 is kept. */
export async function issueChallenge(
  db: Db,
  challenge: { userId: string; companyId: string; purpose: ChallengePurpose; key: LockoutKey; now: Date },
): Promise<string> {
  const token = randomToken(32);
  await db
    .insertInto('sign_in_challenges')
    .values({
      token_hash: hashToken(token),
      user_id: challenge.userId,
      company_id: challenge.companyId,
      purpose: challenge.purpose,
      company_key: challenge.key.company,
      username_key: challenge.key.username,
      expires_at: addSeconds(challenge.now, CHALLENGE_TTL_SECONDS),
      created_at: challenge.now,
    })
    .execute();
  return token;
}

/** The challenge if it can still be used for `purpose`, with whether its user may still sign in. */
export function findUsableChallenge(db: Db, token: string, purpose: ChallengePurpose, now: Date) {
  return db
    .selectFrom('sign_in_challenges as c')
    .innerJoin('users', 'users.id', 'c.user_id')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select([
      'c.token_hash as tokenHash',
      'c.user_id as userId',
      'c.company_id as companyId',
      'c.company_key as companyKey',
      'c.username_key as usernameKey',
      'users.username',
      'users.kind as userKind',
      'users.disabled_at as disabledAt',
      'companies.disabled_at as companyDisabledAt',
    ])
    .where('c.token_hash', '=', hashToken(token))
    .where('c.purpose', '=', purpose)
    .where('c.used_at', 'is', null)
    .where('c.expires_at', '>', now)
    .executeTakeFirst();
}

/** Marks the challenge used if it still is usable; of two concurrent uses only one gets true. */
export async function consumeChallenge(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('sign_in_challenges')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('token_hash')
    .executeTakeFirst();
  return row !== undefined;
}
