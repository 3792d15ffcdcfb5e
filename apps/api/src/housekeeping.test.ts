import { links, platform, team } from '@caudal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, signInAgain } from './features/connections/connections-fixtures';
import { connectThroughLink, createLinkFor, pendingCount } from './features/links/links-fixtures';
import { signInTenant } from './features/wealth/wealth-fixtures';
import { buildPurgeTasks } from './purge-tasks';
import { sealAuditEvents } from './shared/audit/audit-sealer';
import { deleteInBatches, PURGE_BATCH_SIZE, runHousekeeping } from './shared/housekeeping/housekeeping';
import { createTestApp, post, type TestApp } from './test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function countRows(table: string): Promise<number> {
  const { rows } = await sql<{ count: string }>`select count(*) as count from ${sql.table(table)}`.execute(
    t.db,
  );
  return Number(rows[0]?.count);
}

describe('housekeeping', () => {
  it('purges expired codes, tokens and sessions, keeps live ones, and changes no figure', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    await connectThroughLink(t, link.token);
    await createLink(tenant);
    expect(await pendingCount(tenant, link.token)).toBe(1);
    const before = {
      sessions: await countRows('sessions'),
      connectTokens: await countRows('connect_tokens'),
      linkCodes: await countRows('link_codes'),
      rateLimits: await countRows('rate_limits'),
    };
    expect(before.connectTokens).toBeGreaterThanOrEqual(2);

    // Nothing is dead yet: a purge now removes nothing.
    const early = await runHousekeeping(t.db, t.clock(), buildPurgeTasks(t.config));
    expect(Object.values(early).every((count) => count === 0)).toBe(true);

    t.clock.advanceMinutes(3 * 24 * 60);
    const fresh = await signInAgain(t, tenant);
    const purged = await runHousekeeping(t.db, t.clock(), buildPurgeTasks(t.config));

    expect(purged).toMatchObject({
      connect_tokens: before.connectTokens,
      link_codes: before.linkCodes,
    });
    expect(purged.sessions).toBeGreaterThanOrEqual(before.sessions);
    // The fresh sign-in restarted its address's window; every other counter was stale and went.
    expect(purged.rate_limits).toBe(before.rateLimits - 1);
    expect(await countRows('rate_limits')).toBe(1);
    expect(await countRows('connect_tokens')).toBe(0);
    expect(await countRows('link_codes')).toBe(0);
    // The session signed in after the clock moved lives on, and the expired code was already not pending.
    const me = await post(t.app, platform.me.path, { token: fresh.token });
    expect(me.statusCode).toBe(200);
    expect(await pendingCount(fresh, link.token)).toBe(0);
    // A Link with only expired codes could already be deleted; purging them keeps that true.
    const deleted = await fresh.call(links.deleteLink.path, { token: link.token });
    expect(deleted.statusCode).toBe(200);
  });

  it('deletes in batches until nothing matches, whatever the table key', async () => {
    const now = t.clock();
    const total = PURGE_BATCH_SIZE + 7;
    await sql`
      insert into login_failures (company_key, username_key, failed_count, window_started_at)
      select 'batch', 'user-' || n, 1, ${new Date(now.getTime() - 72 * 3_600_000)}::timestamptz
      from generate_series(1, ${total}) as n
    `.execute(t.db);
    await sql`
      insert into login_failures (company_key, username_key, failed_count, window_started_at)
      values ('batch', 'recent', 1, ${now}::timestamptz)
    `.execute(t.db);
    const deleted = await deleteInBatches(
      t.db,
      'login_failures',
      sql<boolean>`company_key = 'batch' and window_started_at < ${now}::timestamptz`,
    );
    expect(deleted).toBe(total);
    const left = await t.db
      .selectFrom('login_failures')
      .select('username_key')
      .where('company_key', '=', 'batch')
      .execute();
    expect(left).toEqual([{ username_key: 'recent' }]);
  });

  it('keeps a lockout that is still running, however old its window', async () => {
    const now = t.clock();
    await t.db
      .insertInto('login_failures')
      .values({
        company_key: 'locked',
        username_key: 'user',
        failed_count: 5,
        window_started_at: new Date(now.getTime() - 72 * 3_600_000),
        locked_until: new Date(now.getTime() + 60_000),
      })
      .execute();
    await runHousekeeping(t.db, now, buildPurgeTasks(t.config));
    const row = await t.db
      .selectFrom('login_failures')
      .select('failed_count')
      .where('company_key', '=', 'locked')
      .executeTakeFirst();
    expect(row?.failed_count).toBe(5);
  });

  it('purges audit events past the configured retention, not a value read from the environment', async () => {
    const tenant = await signInTenant(t);
    expect((await tenant.call(team.setCompanyLanguage.path, { language: 'en' })).statusCode).toBe(200);
    const ids = (
      await t.db.selectFrom('audit_events').select('id').where('company_id', '=', tenant.companyId).execute()
    ).map((row) => row.id);
    expect(ids.length).toBeGreaterThan(0);
    // Ten days old: inside the default 365, past a configured 7.
    await sql`update audit_events set occurred_at = occurred_at - interval '10 days' where id in (${sql.join(ids)})`.execute(
      t.db,
    );
    // The purge cuts the chain at sealed events only: the sealer has passed (decision 0049).
    await sealAuditEvents(t.db);
    const auditTask = (days: number) =>
      buildPurgeTasks({ auditRetentionDays: days }).filter((task) => task.name === 'audit_events');
    process.env.AUDIT_RETENTION_DAYS = '1';
    try {
      expect(
        (await runHousekeeping(t.db, t.clock(), auditTask(t.config.auditRetentionDays))).audit_events,
      ).toBe(0);
    } finally {
      delete process.env.AUDIT_RETENTION_DAYS;
    }
    expect(t.config.auditRetentionDays).toBe(365);
    expect((await runHousekeeping(t.db, t.clock(), auditTask(7))).audit_events).toBe(ids.length);
  });
});
