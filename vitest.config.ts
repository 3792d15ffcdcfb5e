import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/api', 'apps/web', 'bench'],
    // Vitest's default leaves a core for itself (one worker on a 2-core machine); the workers spend
    // much of their time waiting on the database or timers, so use them all.
    maxWorkers: availableParallelism(),
  },
});
