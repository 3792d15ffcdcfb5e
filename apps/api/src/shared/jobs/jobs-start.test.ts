import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createLogCapture } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { type JobModule, startJobs } from './jobs';

const log = createLogCapture().logger;

/** A feature's start as the real ones do it: its queues created one after another. */
function queuesModule(names: readonly string[]): JobModule {
  return {
    name: 'queues',
    async start(boss) {
      for (const name of names) await boss.createQueue(name, { name, policy: 'singleton' });
    },
  };
}

const QUEUES = Array.from({ length: 8 }, (_, index) => `race.queue-${index}`);

// On PostgreSQL, instances started together on a database whose queues do not exist yet (a first start,
// or an upgrade that adds a queue) each create them: pg-boss's create_queue takes locks in an order that
// deadlocked two of them, and the losing instance exited after it was already answering /ready.
describe.runIf(process.env.DATABASE_URL)(
  'instances starting their jobs at once',
  { timeout: 120_000 },
  () => {
    it('all start, on a database whose queues do not exist yet, and each has every queue', async () => {
      for (let round = 0; round < 2; round++) {
        const handle = await openTestDatabase();
        try {
          const started = await Promise.allSettled(
            Array.from({ length: 3 }, () =>
              startJobs(handle, [queuesModule(QUEUES)], log, { isScheduling: false }),
            ),
          );
          const failures = started.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
          expect(failures).toEqual([]);
          const { rows } = await sql<{ name: string }>`
          select name from pgboss.queue where name like 'race.%' order by name`.execute(handle.db);
          expect(rows.map((row) => row.name)).toEqual([...QUEUES].sort());
          await Promise.all(
            started.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)),
          );
        } finally {
          await handle.close();
        }
      }
    });
  },
);
