import type { Db } from '../../db/database';

/**
 * The sanitiser's rules, as a number stored with each company's sanitised CSS: 1 for decision 0015's,
 * 2 for decision 0023's (data: URLs only, no unicode-range, attribute selectors from an allowlist), 3 for
 * the same rules read as a browser tokenizes (a `url(` spelt with CSS escapes is a url too, and a
 * `data:` scheme behind a space the URL parser keeps is not one).
 * Raise it whenever the rules tighten: rows made by older rules are not served, and are sanitised again
 * from their source when the API starts (features/custom-css/resanitise-stored-css.ts).
 */
export const CUSTOM_CSS_SANITISER_VERSION = 3;

/**
 * The custom CSS a company's hosted pages (connect and Link pages) wear: the stored, already sanitised
 * serialisation, never the source staff typed. Null when the company has none or lacks the custom_css
 * module (switching the module off takes the branding off the hosted pages too). Always scoped to the
 * one company the page belongs to: callers pass the company of the token or Link, never a visitor's input.
 * CSS sanitised by older rules is not served until it is sanitised again.
 */
export async function findHostedCustomCss(db: Db, companyId: string): Promise<string | null> {
  const row = await db
    .selectFrom('custom_css')
    .innerJoin('companies', 'companies.id', 'custom_css.company_id')
    .where('custom_css.company_id', '=', companyId)
    .where('custom_css.sanitiser_version', '>=', CUSTOM_CSS_SANITISER_VERSION)
    .where((eb) => eb(eb.val('custom_css'), '=', eb.fn.any('companies.modules')))
    .select('custom_css.css')
    .executeTakeFirst();
  return row && row.css.length > 0 ? row.css : null;
}
