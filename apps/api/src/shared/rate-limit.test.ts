import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { openTestDatabase } from '../test/test-database';
import { hitRateLimit, returnRateLimitHit } from './rate-limit';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

const now = new Date('2026-11-28T05:00:00Z');

describe('a hit given back (returnRateLimitHit)', () => {
  it('lets the budget count only the outcomes the rule is about, and never goes below zero', async () => {
    const rule = { key: 'test:returned', limit: 2, windowMinutes: 60 };
    // Two attempts that turned out not to count: each is taken, then given back.
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await hitRateLimit(handle.db, rule, now)).isAllowed).toBe(true);
      await returnRateLimitHit(handle.db, rule);
    }
    await returnRateLimitHit(handle.db, rule);
    // Still the whole budget: two that count are allowed, the third is not.
    expect((await hitRateLimit(handle.db, rule, now)).remaining).toBe(1);
    expect((await hitRateLimit(handle.db, rule, now)).isAllowed).toBe(true);
    expect((await hitRateLimit(handle.db, rule, now)).isAllowed).toBe(false);
  });
});
