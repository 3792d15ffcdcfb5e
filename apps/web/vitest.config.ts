import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.ts', 'build/**/*.test.ts'],
    environment: 'node',
    // Pure functions: the files share a worker and its modules instead of a process each.
    isolate: false,
    // After the api files (vitest reuses a non-isolated worker only for the same project's next file).
    sequence: { groupOrder: 1 },
  },
});
