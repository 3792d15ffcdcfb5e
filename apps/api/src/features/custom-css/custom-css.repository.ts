import { createHash } from 'node:crypto';
import { type CssRemoval, type CustomCss, customCss } from '@caudal/contract';
import type { Db } from '../../db/database';
import { AppError } from '../../shared/app-error';
import { noteAudit } from '../../shared/audit/audit-scope';
import type { Actor } from '../../shared/auth/actor';
import { CUSTOM_CSS_SANITISER_VERSION } from '../../shared/branding/custom-css';
import type { SanitisedCss } from './css-sanitiser';

function toRemovals(value: unknown): CssRemoval[] {
  const parsed = customCss.ZCssRemoval.array().safeParse(
    typeof value === 'string' ? JSON.parse(value) : value,
  );
  return parsed.success ? parsed.data : [];
}

/** The company's CSS as written, with the stored report; an empty value when it has none. */
export async function findCustomCss(db: Db, actor: Actor): Promise<CustomCss> {
  const row = await db
    .selectFrom('custom_css')
    .where('company_id', '=', actor.companyId)
    .select(['source', 'removed', 'updated_at'])
    .executeTakeFirst();
  if (!row) return { css: '', removed: [], updated_at: null };
  return { css: row.source, removed: toRemovals(row.removed), updated_at: row.updated_at.toISOString() };
}

/**
 * One row per company: the source, its sanitised serialisation and the report, replaced together. The
 * audit event records which CSS was replaced by which (digest and size, never the body) and how many
 * rules the hosted pages do not get, so the old row is read locked in the save's own transaction.
 */
export async function saveCustomCss(
  db: Db,
  actor: Actor,
  source: string,
  sanitised: SanitisedCss,
  now: Date,
  options: { expectedUpdatedAt?: string | null | undefined } = {},
): Promise<CustomCss> {
  const values = {
    source,
    css: sanitised.css,
    removed: JSON.stringify(sanitised.removed),
    sanitiser_version: CUSTOM_CSS_SANITISER_VERSION,
    updated_by: actor.userId,
    updated_at: now,
  };
  await db.transaction().execute(async (trx) => {
    const old = await trx
      .selectFrom('custom_css')
      .where('company_id', '=', actor.companyId)
      .select(['source', 'removed', 'updated_at'])
      .forUpdate()
      .executeTakeFirst();
    const expected = options.expectedUpdatedAt;
    if (expected !== undefined && !isSavedAsExpected(old?.updated_at ?? null, expected)) {
      throw new AppError('Conflict', 'The CSS was saved by someone else since the editor loaded it');
    }
    noteAudit({
      previous: describeCss(old?.source ?? '', old ? toRemovals(old.removed).length : 0),
      next: describeCss(source, sanitised.removed.length),
    });
    const written = await trx
      .insertInto('custom_css')
      .values({ company_id: actor.companyId, ...values })
      .onConflict((conflict) =>
        // A first save that expected none finds another's first save (no row to lock before it): refused.
        expected === null
          ? conflict.column('company_id').doNothing()
          : conflict.column('company_id').doUpdateSet(values),
      )
      .executeTakeFirst();
    if (written.numInsertedOrUpdatedRows === 0n) {
      throw new AppError('Conflict', 'The CSS was saved by someone else since the editor loaded it');
    }
  });
  return { css: source, removed: sanitised.removed, updated_at: now.toISOString() };
}

/** What the audit keeps of a CSS: which one (its SHA-256), its size in bytes, and what was removed of it. */
function describeCss(source: string, removedCount: number) {
  return {
    sha256: source === '' ? null : createHash('sha256').update(source).digest('hex'),
    bytes: Buffer.byteLength(source),
    removed_parts: removedCount,
  };
}

/** Rows whose `css` was made by older rules than the current sanitiser's. */
export function findStaleCustomCss(db: Db) {
  return db
    .selectFrom('custom_css')
    .where('sanitiser_version', '<', CUSTOM_CSS_SANITISER_VERSION)
    .select(['company_id', 'source'])
    .execute();
}

/** Stores what the current rules make of a row's source, unless a save replaced the row meanwhile. */
export async function saveResanitisedCss(
  db: Db,
  row: { company_id: string; source: string },
  sanitised: SanitisedCss,
): Promise<void> {
  await db
    .updateTable('custom_css')
    .set({
      css: sanitised.css,
      removed: JSON.stringify(sanitised.removed),
      sanitiser_version: CUSTOM_CSS_SANITISER_VERSION,
    })
    .where('company_id', '=', row.company_id)
    .where('source', '=', row.source)
    .where('sanitiser_version', '<', CUSTOM_CSS_SANITISER_VERSION)
    .execute();
}

/** Whether the stored CSS is the one the editor loaded: saved at the same instant, or neither saved. */
function isSavedAsExpected(storedAt: Date | null, expected: string | null): boolean {
  if (storedAt === null || expected === null) return storedAt === expected;
  return new Date(storedAt).getTime() === Date.parse(expected);
}
