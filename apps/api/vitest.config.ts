import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Hang detectors, not speed checks (speed is measured in bench/): the same suite took 2.3× longer on
    // the machine of 2026-11-27 than on the one before, and tests that take 18–20 s there took 7–9 s.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Migrates the template databases once per run (src/test/global-setup.ts).
    globalSetup: ['src/test/global-setup.ts'],
    // Fails a test in which a call answered an error code its contract does not declare.
    setupFiles: ['src/test/declared-errors-setup.ts'],
    // One module graph (Fastify, Kysely, PGlite, every feature) per worker instead of one per file,
    // and with it the worker's pool of migrated PGlite instances (src/test/pglite-pool.ts). The files
    // share no module state: each opens its own app and database and closes them in afterAll.
    isolate: false,
    // Runs before the web and contract files: a worker stays on one project's files and keeps its
    // module graph (vitest reuses a non-isolated worker only for the same project's next file).
    sequence: { groupOrder: 0 },
  },
});
