import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'contract',
    include: ['src/**/*.test.ts'],
    // Pure schemas: the files share a worker and its modules instead of a process each.
    isolate: false,
    // Last: vitest reuses a non-isolated worker only for the same project's next file.
    sequence: { groupOrder: 2 },
  },
});
