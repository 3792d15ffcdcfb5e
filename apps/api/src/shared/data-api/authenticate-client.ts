import type { Db } from '../../db/database';
import { toModules } from '../auth/actor';
import { isClientSecretValid } from './application-secrets';
import type { ApplicationCaller } from './authenticate-application';

/** A secret's last use is written at most this often (a token request per second would otherwise write). */
const LAST_USE_RESOLUTION_MS = 60_000;

/**
 * The application whose client id and secret these are, or null. The secret's hash is compared in
 * constant time with the current secret's and with the one the last rotation replaced (while its
 * overlap lasts), both always, and an unknown client id costs the same comparisons, so timing tells
 * nothing. The secret that matched gets its last use recorded (shown in the portal).
 */
export async function authenticateClient(
  db: Db,
  clientId: string,
  clientSecret: string,
  now: Date = new Date(),
): Promise<ApplicationCaller | null> {
  const row =
    clientId.length > 0 && clientId.length <= 128
      ? await db
          .selectFrom('applications')
          .innerJoin('companies', 'companies.id', 'applications.company_id')
          .select([
            'applications.id',
            'applications.name',
            'applications.client_id',
            'applications.company_id',
            'applications.secret_hash',
            'applications.previous_secret_hash',
            'applications.previous_secret_expires_at',
            'applications.secret_last_used_at',
            'applications.previous_secret_last_used_at',
            'companies.modules',
            'companies.disabled_at as companyDisabledAt',
          ])
          .where('applications.client_id', '=', clientId)
          .executeTakeFirst()
      : undefined;
  const isCurrent = isClientSecretValid(clientSecret, row?.secret_hash ?? null);
  const isPreviousLive =
    row?.previous_secret_expires_at != null && row.previous_secret_expires_at.getTime() > now.getTime();
  const isPrevious = isClientSecretValid(
    clientSecret,
    isPreviousLive ? (row?.previous_secret_hash ?? null) : null,
  );
  if (!row || !(isCurrent || isPrevious)) return null;
  // A disabled company's credentials are refused like wrong ones, after the same comparison.
  if (row.companyDisabledAt) return null;
  const column = isCurrent ? 'secret_last_used_at' : 'previous_secret_last_used_at';
  const lastUse = isCurrent ? row.secret_last_used_at : row.previous_secret_last_used_at;
  if (!lastUse || now.getTime() - lastUse.getTime() >= LAST_USE_RESOLUTION_MS) {
    await db
      .updateTable('applications')
      .set({ [column]: now })
      .where('id', '=', row.id)
      .execute();
  }
  return {
    applicationId: row.id,
    clientId: row.client_id,
    name: row.name,
    companyId: row.company_id,
    modules: toModules(row.modules),
  };
}
