import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** Scoped by company as well as id: a user id from another tenant finds nothing. */
export function findIdentityRows(db: Db, actor: { userId: string; companyId: string }) {
  return db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select([
      'users.id',
      'users.username',
      'users.name',
      'users.email',
      'users.kind',
      'companies.id as companyId',
      'companies.name as companyName',
    ])
    .where('users.id', '=', actor.userId)
    .where('users.company_id', '=', actor.companyId)
    .executeTakeFirst();
}

export async function isDatabaseUp(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
