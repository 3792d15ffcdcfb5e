import { defineProject } from 'vitest/config';

/** The benchmarks' own rules (what the suite counts as an answer); the benchmarks themselves are scripts. */
export default defineProject({
  test: {
    name: 'bench',
    include: ['suite/**/*.test.ts'],
  },
});
