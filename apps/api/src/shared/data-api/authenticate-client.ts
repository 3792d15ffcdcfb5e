import type { Db } from '../../db/database';
import { toModules } from '../auth/actor';
import { isClientSecretValid } from './application-secrets';
import type { ApplicationCaller } from './authenticate-application';

/**
 * The application whose client id and secret these are, or null. The secret's hash is compared in
 * constant time, and an unknown client id costs the same comparison, so timing tells nothing.
 */
export async function authenticateClient(
  db: Db,
  clientId: string,
  clientSecret: string,
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
            'companies.modules',
            'companies.disabled_at as companyDisabledAt',
          ])
          .where('applications.client_id', '=', clientId)
          .executeTakeFirst()
      : undefined;
  if (!isClientSecretValid(clientSecret, row?.secret_hash ?? null) || !row) return null;
  // A disabled company's credentials are refused like wrong ones, after the same comparison.
  if (row.companyDisabledAt) return null;
  return {
    applicationId: row.id,
    clientId: row.client_id,
    name: row.name,
    companyId: row.company_id,
    modules: toModules(row.modules),
  };
}
