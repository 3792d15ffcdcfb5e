import type { Db } from '../../db/database';

/**
 * The custom CSS a company's hosted pages (connect and Link pages) wear: the stored, already sanitised
 * serialisation, never the source staff typed. Null when the company has none or lacks the custom_css
 * module (switching the module off takes the branding off the hosted pages too). Always scoped to the
 * one company the page belongs to: callers pass the company of the token or Link, never a visitor's input.
 */
export async function findHostedCustomCss(db: Db, companyId: string): Promise<string | null> {
  const row = await db
    .selectFrom('custom_css')
    .innerJoin('companies', 'companies.id', 'custom_css.company_id')
    .where('custom_css.company_id', '=', companyId)
    .where((eb) => eb(eb.val('custom_css'), '=', eb.fn.any('companies.modules')))
    .select('custom_css.css')
    .executeTakeFirst();
  return row && row.css.length > 0 ? row.css : null;
}
