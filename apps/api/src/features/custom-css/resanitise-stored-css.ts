import type { Db } from '../../db/database';
import { AppError } from '../../shared/app-error';
import type { Logger } from '../../shared/logger';
import type { SanitisedCss } from './css-sanitiser';
import { sanitiseCssOffThread } from './css-sanitiser-pool';
import { findStaleCustomCss, saveResanitisedCss } from './custom-css.repository';

/**
 * Sanitises again, from the source staff wrote, every company's CSS made by older rules (migration
 * 0014): until then the hosted pages do not wear it (findHostedCustomCss). Run once when the API starts,
 * in the background, on the sanitiser's worker threads; idempotent, so several processes may run it.
 * CSS the current rules refuse whole (nested too deep) is stored empty, its report saying why.
 */
export async function resanitiseStoredCss(db: Db, log: Logger): Promise<number> {
  const stale = await findStaleCustomCss(db);
  for (const row of stale) {
    let sanitised: SanitisedCss;
    try {
      sanitised = await sanitiseCssOffThread(row.company_id, row.source);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'CustomCssTooDeep')) throw error;
      sanitised = { css: '', removed: [{ reason: 'invalid', line: 1, column: 1, excerpt: error.message }] };
    }
    await saveResanitisedCss(db, row, sanitised);
  }
  if (stale.length > 0)
    log.info({ companies: stale.length }, 'custom CSS sanitised again by the current rules');
  return stale.length;
}
