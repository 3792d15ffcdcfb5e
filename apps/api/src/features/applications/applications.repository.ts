import type { Application, CreatedApplication } from '@caudal/contract';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/in-transaction';
import { AppError } from '../../shared/app-error';
import { noteAudit } from '../../shared/audit/audit-scope';
import {
  generateClientId,
  generateClientSecret,
  hashClientSecret,
  isClientSecretValid,
} from '../../shared/data-api/application-secrets';

/** The database's unique index on (company_id, lower(name)): the one arbiter of duplicate names. */
const NAME_KEY = 'applications_company_name_key';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** What the portal lists of an application: never a secret; each secret's last use and the overlap. */
function toApplication(
  row: {
    name: string;
    client_id: string;
    created_at: Date;
    secret_last_used_at: Date | null;
    previous_secret_expires_at: Date | null;
    previous_secret_last_used_at: Date | null;
    secret_rotated_at: Date | null;
  },
  now: Date,
): Application {
  const isOverlapping = row.previous_secret_expires_at !== null && row.previous_secret_expires_at > now;
  return {
    name: row.name,
    client_id: row.client_id,
    created_at: row.created_at.toISOString(),
    secret_last_used_at: iso(row.secret_last_used_at),
    previous_secret_expires_at: isOverlapping ? iso(row.previous_secret_expires_at) : null,
    previous_secret_last_used_at: isOverlapping ? iso(row.previous_secret_last_used_at) : null,
    secret_rotated_at: iso(row.secret_rotated_at),
  };
}

const LISTED = [
  'name',
  'client_id',
  'created_at',
  'secret_last_used_at',
  'previous_secret_expires_at',
  'previous_secret_last_used_at',
  'secret_rotated_at',
] as const;

export async function listApplications(db: Db, companyId: string, now = new Date()): Promise<Application[]> {
  const rows = await db
    .selectFrom('applications')
    .select(LISTED)
    .where('company_id', '=', companyId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => toApplication(row, now));
}

/**
 * Who asks for a rotation: staff (their session is enough), or the application itself through the data
 * API, which must also prove its current client secret (a short-lived token alone must not mint a
 * permanent secret).
 */
export type RotationProof = { by: 'staff' } | { by: 'application'; clientSecret: string | undefined };

/**
 * A new client secret, in the answer only. The current one becomes the previous and keeps getting
 * tokens until `overlapHours` from now (0: at once); a previous one still overlapping is dropped.
 * Only onto the secret read, so two rotations racing cannot both keep "the previous" one, and the
 * secret an application proved is the very one replaced.
 */
export async function rotateApplicationSecret(
  db: Db,
  input: { companyId: string; clientId: string; overlapHours: number; now: Date; proof: RotationProof },
) {
  const current = await db
    .selectFrom('applications')
    .select(['id', 'secret_hash', 'secret_last_used_at'])
    .where('company_id', '=', input.companyId)
    .where('client_id', '=', input.clientId)
    .executeTakeFirst();
  if (input.proof.by === 'application') checkCurrentSecret(input.proof.clientSecret, current?.secret_hash);
  if (!current) throw new AppError('NotFound', 'No such application');
  const clientSecret = generateClientSecret();
  const hasOverlap = input.overlapHours > 0;
  const row = await db
    .updateTable('applications')
    .set({
      secret_hash: hashClientSecret(clientSecret),
      previous_secret_hash: hasOverlap ? current.secret_hash : null,
      previous_secret_expires_at: hasOverlap
        ? new Date(input.now.getTime() + input.overlapHours * 3_600_000)
        : null,
      previous_secret_last_used_at: hasOverlap ? current.secret_last_used_at : null,
      secret_last_used_at: null,
      secret_rotated_at: input.now,
    })
    .where('id', '=', current.id)
    .where('secret_hash', '=', current.secret_hash)
    .returning(LISTED)
    .executeTakeFirst();
  if (!row) throw new AppError('Conflict', 'The secret changed meanwhile');
  return { ...toApplication(row, input.now), client_secret: clientSecret };
}

/**
 * The application's current secret only (compared hashed, in constant time, as the token endpoint
 * does): not the one a rotation is retiring, which may be the leaked one and would otherwise let its
 * holder end the owner's new secret.
 */
function checkCurrentSecret(clientSecret: string | undefined, currentHash: string | undefined) {
  if (clientSecret === undefined) {
    throw new AppError('Unauthorized', 'The body must carry the application’s current client_secret');
  }
  if (!isClientSecretValid(clientSecret, currentHash ?? null)) {
    throw new AppError('Unauthorized', 'client_secret is not the application’s current secret');
  }
}

/**
 * Creates the application with a fresh client id and secret. The secret is in the answer and nowhere
 * else: the row keeps its SHA-256 only. A company has at most `maxPerCompany` (each has its own
 * data-API budget): past it `TooManyApplications`. The company's row is locked for the count and the
 * insert, so concurrent creations cannot all pass the same count.
 */
export async function createApplication(
  db: Db,
  companyId: string,
  name: string,
  now: Date,
  maxPerCompany: number,
): Promise<CreatedApplication> {
  const clientSecret = generateClientSecret();
  try {
    const row = await inTransaction(db, async (trx) => {
      await trx.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().execute();
      const counted = await trx
        .selectFrom('applications')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow();
      if (Number(counted.n) >= maxPerCompany) {
        throw new AppError('TooManyApplications', `A company may have at most ${maxPerCompany} applications`);
      }
      return trx
        .insertInto('applications')
        .values({
          company_id: companyId,
          name,
          client_id: generateClientId(),
          secret_hash: hashClientSecret(clientSecret),
          created_at: now,
        })
        .returning(['name', 'client_id', 'created_at'])
        .executeTakeFirstOrThrow();
    });
    return {
      name: row.name,
      client_id: row.client_id,
      created_at: row.created_at.toISOString(),
      client_secret: clientSecret,
    };
  } catch (error) {
    if (isUniqueViolation(error, NAME_KEY)) {
      throw new AppError('DuplicatedName', 'The company already has an application with this name');
    }
    throw error;
  }
}

/** False when the company has no application with this client id (another company's is not found). */
export async function deleteApplication(db: Db, companyId: string, clientId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('applications')
      .where('company_id', '=', companyId)
      .where('client_id', '=', clientId)
      .returning(['id', 'name'])
      .executeTakeFirst();
    if (!row) return false;
    // The log keeps which application it was once the row is gone.
    noteAudit({ previous: { name: row.name } });
    // Its rate-limit counter names it; nothing will count under that key again.
    await trx.deleteFrom('rate_limits').where('key', '=', `data-api:${row.id}`).execute();
    return true;
  });
}
