import { DEFAULT_LOCALE, isLocaleCode, type LocaleCode } from '@caudal/contract';
import { noteAudit } from '../../shared/audit/audit-scope';
import type { TeamDeps, TeamScope } from './team';

/** The company's language, or Caudal's default for a value the check constraint would not let in. */
export async function getCompanyLanguage(
  deps: Pick<TeamDeps, 'db'>,
  scope: TeamScope,
): Promise<{ language: LocaleCode }> {
  const company = await deps.db
    .selectFrom('companies')
    .select('language')
    .where('id', '=', scope.companyId)
    .executeTakeFirstOrThrow();
  return { language: isLocaleCode(company.language) ? company.language : DEFAULT_LOCALE };
}

/** Holders' mails not yet written use it from now on; the audit event records the old and new value. */
export async function setCompanyLanguage(
  deps: Pick<TeamDeps, 'db'>,
  scope: TeamScope,
  input: { language: LocaleCode },
): Promise<{ language: LocaleCode }> {
  return deps.db.transaction().execute(async (trx) => {
    // Locked, so the old value the audit event records is the one this change replaced.
    const current = await trx
      .selectFrom('companies')
      .select('language')
      .where('id', '=', scope.companyId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    noteAudit({ previous: { language: current.language } });
    await trx
      .updateTable('companies')
      .set({ language: input.language })
      .where('id', '=', scope.companyId)
      .execute();
    return { language: input.language };
  });
}
