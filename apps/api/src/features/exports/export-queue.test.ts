import { exports as exportCalls } from '@caudal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogCapture, createTestApp, type TestApp } from '../../test/test-app';
import { assignPortalClients, createClient } from '../seed/wealth-factories';
import { type SignedInTenant, signInPortalUser, signInTenant } from '../wealth/wealth-fixtures';
import { createExportDispatcher, type ExportDispatcher, type ExportSlot } from './export-dispatcher';
import { renewExportLeases, sweepExports } from './export-files.repository';
import { runClaimedExport, runExport } from './export-job';
import { EXPORT_ABANDONED_AFTER_MS, EXPORT_LEASE_MS } from './export-jobs';
import { claimNextExport } from './export-queue.repository';
import { type ClaimedExport, insertExport } from './exports.repository';
import { createExportBook, exportJobDeps, generateExport, transactionsRequest } from './exports-fixtures';

/** Small: at most 2 rows, so the books' 3-movement exports are "big" and a one-day one is small. */
const SMALL_MAX_ROWS = 2;
const MAX_PER_USER = 3;
const MAX_PER_COMPANY = 4;

let t: TestApp;
const log = createLogCapture().logger;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      EXPORT_SMALL_MAX_ROWS: String(SMALL_MAX_ROWS),
      EXPORT_MAX_ACTIVE_PER_USER: String(MAX_PER_USER),
      EXPORT_MAX_ACTIVE_PER_COMPANY: String(MAX_PER_COMPANY),
    },
  });
});
afterAll(() => t.close());

/** A company with a book, and `count` queued exports of it inserted directly (a flood past any cap). */
async function floodOf(count: number, estimatedRows: number) {
  const tenant = await signInTenant(t);
  const { client } = await createExportBook(t, tenant.companyId);
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    ids.push(await insertQueued(tenant, client.id, estimatedRows));
  }
  return { tenant, client, ids };
}

async function insertQueued(tenant: SignedInTenant, clientId: string, estimatedRows: number) {
  const created = await insertExport(t.db, {
    companyId: tenant.companyId,
    createdBy: tenant.user.id,
    type: 'transactions',
    format: 'xlsx',
    language: 'es',
    clientIds: [clientId],
    entityIds: ['santander'],
    columns: null,
    dateFrom: '2025-01-01',
    dateTo: '2025-01-31',
    fileName: 'flood.xlsx',
    estimatedRows,
  });
  return created.id;
}

function exportRowOf(exportId: string) {
  return t.db
    .selectFrom('exports')
    .select(['status', 'heartbeat_at'])
    .where('id', '=', exportId)
    .executeTakeFirstOrThrow();
}

async function statusOf(exportId: string) {
  return (await exportRowOf(exportId)).status;
}

/** Nothing else may wait in this file's queue between tests: each test drains or fails what it left. */
async function failEverythingQueued() {
  await t.db
    .updateTable('exports')
    .set({ status: 'failed' })
    .where('status', 'in', ['queued', 'running'])
    .execute();
}

/** Runs that end when the test says: the slots' occupancy is then the test's to see. */
function heldRuns() {
  const started: ClaimedExport[] = [];
  const releases = new Map<string, () => void>();
  return {
    started,
    run(claimed: ClaimedExport) {
      started.push(claimed);
      return new Promise<void>((resolve) => releases.set(claimed.id, resolve));
    },
    release(exportId: string) {
      releases.get(exportId)?.();
    },
  };
}

function dispatcherOf(
  slots: Record<ExportSlot, number>,
  run: (claimed: ClaimedExport) => Promise<unknown>,
  heartbeatMs = 60_000,
  renewLeases = (exportIds: readonly string[]) => renewExportLeases(t.db, exportIds, t.clock()),
) {
  return createExportDispatcher({
    claim: (slot) =>
      claimNextExport(t.db, { now: t.clock(), maxRows: slot === 'small' ? SMALL_MAX_ROWS : null }),
    run,
    slots,
    pollMs: 60_000,
    renewLeases,
    heartbeatMs,
    log,
  });
}

async function leaseOf(exportId: string) {
  return (await exportRowOf(exportId)).heartbeat_at?.getTime() ?? null;
}

async function until(condition: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 30_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the fair export queue', { timeout: 60_000 }, () => {
  it('takes companies in turn: B’s export runs second, not after A’s flood of eight', async () => {
    await failEverythingQueued();
    const a = await floodOf(8, 50_000);
    const b = await floodOf(1, 50_000);
    const runs = heldRuns();
    const dispatcher = dispatcherOf({ any: 1, small: 0 }, (claimed) => runs.run(claimed));
    await dispatcher.wake();
    expect(runs.started.map((claimed) => claimed.id)).toEqual([a.ids[0]]);
    t.clock.advanceSeconds(1);
    runs.release(a.ids[0] ?? '');
    await until(() => runs.started.length === 2, 'the second claim');
    // A has just run one; B has never run: B's turn, though seven of A's were queued before it.
    expect(runs.started[1]?.id).toBe(b.ids[0]);
    expect(runs.started[1]?.companyId).toBe(b.tenant.companyId);
    await dispatcher.stop(0);
  });

  it('runs a small export of B at once in the small slot while A’s big ones fill the others', async () => {
    await failEverythingQueued();
    const a = await floodOf(6, 50_000);
    const runs = heldRuns();
    const dispatcher = dispatcherOf({ any: 2, small: 1 }, (claimed) => runs.run(claimed));
    await dispatcher.wake();
    // Two of A's big exports run; the small slot takes none of them.
    expect(runs.started.map((claimed) => claimed.id)).toEqual([a.ids[0], a.ids[1]]);
    expect(dispatcher.running()).toEqual({ any: 2, small: 0 });

    const b = await floodOf(1, 1);
    await dispatcher.wake();
    expect(runs.started.map((claimed) => claimed.id)).toEqual([a.ids[0], a.ids[1], b.ids[0]]);
    expect(dispatcher.running()).toEqual({ any: 2, small: 1 });
    // Four of A's flood still wait: B's small export did not wait for it to drain.
    const waiting = await Promise.all(a.ids.slice(2).map(statusOf));
    expect(waiting).toEqual(['queued', 'queued', 'queued', 'queued']);
    await dispatcher.stop(0);
  });

  it('loses nothing: every queued export runs to a file, and B’s is ready before A’s flood drains', async () => {
    await failEverythingQueued();
    const a = await floodOf(5, 50_000);
    const b = await floodOf(1, 1);
    const finished: string[] = [];
    const deps = exportJobDeps(t, { log });
    const dispatcher = dispatcherOf({ any: 1, small: 0 }, async (claimed) => {
      await runClaimedExport(deps, claimed);
      finished.push(claimed.id);
    });
    await dispatcher.wake();
    await until(() => finished.length === 6, 'all six exports');
    const statuses = await Promise.all([...a.ids, ...b.ids].map(statusOf));
    expect(statuses).toEqual(['ready', 'ready', 'ready', 'ready', 'ready', 'ready']);
    expect(finished.indexOf(b.ids[0] ?? '')).toBeLessThan(finished.indexOf(a.ids[4] ?? ''));
    expect(finished.indexOf(b.ids[0] ?? '')).toBeLessThanOrEqual(1);
    await dispatcher.stop(5_000);
  });

  it('a stopped instance claims no more; the next one (a restart) takes what still waits', async () => {
    await failEverythingQueued();
    const a = await floodOf(4, 50_000);
    const first = heldRuns();
    const stopping: ExportDispatcher = dispatcherOf({ any: 1, small: 1 }, (claimed) => first.run(claimed));
    await stopping.wake();
    expect(first.started).toHaveLength(1);
    const stopped = stopping.stop(60_000);
    first.release(first.started[0]?.id ?? '');
    await stopped;
    await stopping.wake();
    expect(first.started).toHaveLength(1);
    expect(await Promise.all(a.ids.slice(1).map(statusOf))).toEqual(['queued', 'queued', 'queued']);

    const claimedAfterRestart: string[] = [];
    const restarted = dispatcherOf({ any: 1, small: 1 }, async (claimed) => {
      claimedAfterRestart.push(claimed.id);
    });
    await restarted.wake();
    await until(() => claimedAfterRestart.length === 3, 'the three left');
    expect(claimedAfterRestart).toEqual(a.ids.slice(1));
    await restarted.stop(1_000);
  });

  it('two instances claiming at once never take the same export', async () => {
    await failEverythingQueued();
    const a = await floodOf(6, 50_000);
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => claimNextExport(t.db, { now: t.clock(), maxRows: null })),
    );
    const taken = claims.flatMap((claimed) => (claimed ? [claimed.id] : []));
    expect(taken.sort()).toEqual([...a.ids].sort());
  });
});

describe('the caps on waiting and running exports', { timeout: 60_000 }, () => {
  it('refuses a user past EXPORT_MAX_ACTIVE_PER_USER with TooManyExports, and takes one again once one ends', async () => {
    const a = await signInTenant(t);
    const { client } = await createExportBook(t, a.companyId);
    const ids: string[] = [];
    for (let index = 0; index < MAX_PER_USER; index += 1) {
      ids.push(await generateExport(a.call, transactionsRequest([client.id])));
    }
    const refused = await a.call(exportCalls.exportGenerate.path, transactionsRequest([client.id]));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('TooManyExports');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const listed = (await a.call(exportCalls.exportList.path)).json<unknown[]>();
    expect(listed).toHaveLength(MAX_PER_USER);

    expect(await runExport(exportJobDeps(t, { log }), ids[0] ?? '')).toBe('ready');
    const again = await a.call(exportCalls.exportGenerate.path, transactionsRequest([client.id]));
    expect(again.statusCode).toBe(200);
  });

  it('refuses a company past EXPORT_MAX_ACTIVE_PER_COMPANY, whoever asks; other companies are not affected', async () => {
    const a = await signInTenant(t);
    const { client } = await createExportBook(t, a.companyId);
    for (let index = 0; index < MAX_PER_USER; index += 1) {
      await generateExport(a.call, transactionsRequest([client.id]));
    }
    const portal = await signInPortalUser(t, a);
    await assignPortalClients(t.db, {
      userId: portal.userId,
      companyId: a.companyId,
      clientIds: [client.id],
    });
    expect(
      (await portal.call(exportCalls.exportGenerate.path, transactionsRequest([client.id]))).statusCode,
    ).toBe(200);
    const refused = await portal.call(exportCalls.exportGenerate.path, transactionsRequest([client.id]));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('TooManyExports');

    const b = await signInTenant(t);
    const bBook = await createExportBook(t, b.companyId);
    const other = await b.call(exportCalls.exportGenerate.path, transactionsRequest([bBook.client.id]));
    expect(other.statusCode).toBe(200);
  });

  it('holds under concurrent requests: exactly the cap is accepted', async () => {
    const a = await signInTenant(t);
    const { client } = await createExportBook(t, a.companyId);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        a.call(exportCalls.exportGenerate.path, transactionsRequest([client.id])),
      ),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(MAX_PER_USER);
    expect(codes.filter((code) => code === 429)).toHaveLength(8 - MAX_PER_USER);
  });

  it.runIf(process.env.DATABASE_URL)(
    'the cap lock queues the company’s next export only: its other inserts (foreign-key checks) go on',
    async () => {
      const a = await signInTenant(t);
      let releaseHolder = () => {};
      const holderMayEnd = new Promise<void>((resolve) => {
        releaseHolder = resolve;
      });
      let holderLocked = () => {};
      const holderHasLock = new Promise<void>((resolve) => {
        holderLocked = resolve;
      });
      const holder = t.db.transaction().execute(async (trx) => {
        await sql`select * from lock_and_count_active_exports(${a.companyId}::uuid, ${a.user.id}::uuid)`.execute(
          trx,
        );
        holderLocked();
        await holderMayEnd;
      });
      await holderHasLock;
      try {
        // A client created in the same company while the cap lock is held: its foreign-key check takes
        // FOR KEY SHARE on the company's row, which FOR NO KEY UPDATE does not block (FOR UPDATE did).
        const created = await t.db.transaction().execute(async (trx) => {
          await sql`set local lock_timeout = '2s'`.execute(trx);
          return createClient(trx, { companyId: a.companyId });
        });
        expect(created.id).toBeTruthy();
        // The next export's count does wait for the lock.
        const counted = t.db.transaction().execute(async (trx) => {
          await sql`set local lock_timeout = '300ms'`.execute(trx);
          await sql`select * from lock_and_count_active_exports(${a.companyId}::uuid, ${a.user.id}::uuid)`.execute(
            trx,
          );
        });
        await expect(counted).rejects.toThrow(/lock timeout/);
      } finally {
        releaseHolder();
        await holder;
      }
    },
  );

  it('records the estimate a slot is chosen by, counting no further than just above the bound', async () => {
    const a = await signInTenant(t);
    const { client } = await createExportBook(t, a.companyId);
    const big = await generateExport(a.call, transactionsRequest([client.id]));
    const small = await generateExport(
      a.call,
      transactionsRequest([client.id], { date_from: '2025-01-10', date_to: '2025-01-10' }),
    );
    const rows = await t.db
      .selectFrom('exports')
      .select(['id', 'estimated_rows'])
      .where('id', 'in', [big, small])
      .execute();
    const estimateOf = (id: string) => rows.find((row) => row.id === id)?.estimated_rows;
    expect(estimateOf(big)).toBe(SMALL_MAX_ROWS + 1);
    expect(estimateOf(small)).toBe(1);
  });
});

describe('a running export’s lease (decision 0059)', { timeout: 60_000 }, () => {
  const sweep = () =>
    sweepExports(t.db, t.clock(), { abandonedAfterMs: EXPORT_ABANDONED_AFTER_MS, leaseMs: EXPORT_LEASE_MS });

  it('is renewed while the export runs here, and not once it has ended', async () => {
    await failEverythingQueued();
    const { ids } = await floodOf(1, 50_000);
    const runs = heldRuns();
    const dispatcher = dispatcherOf({ any: 1, small: 0 }, (claimed) => runs.run(claimed), 20);
    await dispatcher.wake();
    const id = ids[0] ?? '';
    const claimedAt = await leaseOf(id);
    expect(claimedAt).toBe(t.clock().getTime());
    t.clock.advanceSeconds(90);
    await until(async () => (await leaseOf(id)) === t.clock().getTime(), 'the renewed lease');
    // Still renewed: the sweep leaves a long export alone, however long ago it started.
    t.clock.advanceSeconds(60);
    await until(async () => (await leaseOf(id)) === t.clock().getTime(), 'the lease renewed again');
    expect((await sweep()).abandoned).toBe(0);
    expect(await statusOf(id)).toBe('running');
    runs.release(id);
    await until(() => dispatcher.running().any === 0, 'the run to end');
    const lastLease = await leaseOf(id);
    t.clock.advanceSeconds(60);
    // Five beats' time: an ended run's lease is left to run out.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await leaseOf(id)).toBe(lastLease);
    await dispatcher.stop(1_000);
    await failEverythingQueued();
  });

  it('is renewed once at a time: beats while the database is slow do not pile up', async () => {
    await failEverythingQueued();
    const { ids } = await floodOf(1, 50_000);
    const runs = heldRuns();
    const renewals: (() => void)[] = [];
    const slowRenewal = () => new Promise<void>((resolve) => renewals.push(resolve));
    const dispatcher = dispatcherOf({ any: 1, small: 0 }, (claimed) => runs.run(claimed), 10, slowRenewal);
    await dispatcher.wake();
    await until(() => renewals.length === 1, 'the first renewal');
    // Ten beats' time with the first renewal still waiting on the database: no second one is sent.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(renewals.length).toBe(1);
    renewals[0]?.();
    await until(() => renewals.length === 2, 'the next renewal once the first has answered');
    for (const resolve of renewals) resolve();
    runs.release(ids[0] ?? '');
    await dispatcher.stop(1_000);
    await failEverythingQueued();
  });

  it('runs out when its instance dies: the sweep fails the export and its company may export again', async () => {
    await failEverythingQueued();
    // The company's cap (4 waiting or running) filled by exports an instance claimed, then died.
    const { tenant, client, ids } = await floodOf(MAX_PER_COMPANY, 50_000);
    for (const _ of ids) await claimNextExport(t.db, { now: t.clock(), maxRows: null });
    expect(await Promise.all(ids.map(statusOf))).toEqual(ids.map(() => 'running'));
    const refused = await tenant.call(exportCalls.exportGenerate.path, transactionsRequest([client.id]));
    expect(refused.statusCode).toBe(429);
    // Within the lease nothing is swept.
    t.clock.advanceSeconds(EXPORT_LEASE_MS / 1000 - 1);
    expect((await sweep()).abandoned).toBe(0);
    t.clock.advanceSeconds(2);
    expect((await sweep()).abandoned).toBe(MAX_PER_COMPANY);
    expect(await Promise.all(ids.map(statusOf))).toEqual(ids.map(() => 'failed'));
    const again = await tenant.call(exportCalls.exportGenerate.path, transactionsRequest([client.id]));
    expect(again.statusCode, again.body).toBe(200);
    await failEverythingQueued();
  });
});
