import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * A row deleted, or a duplicate created, by a concurrent request between a call's check and its write
 * reaches the handler as the database's own integrity error: a retry after a reload resolves it, so it
 * is a 409 Conflict, not a 500 and not an alarm in the error log.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    registerExtra: (app) => {
      app.post('/test/vanished-reference', async () => {
        await sql`insert into portal_user_clients (user_id, client_id, company_id) values (${randomUUID()}, ${randomUUID()}, ${randomUUID()})`.execute(
          app.deps.db,
        );
        return { ok: true };
      });
      app.post('/test/raced-duplicate', async () => {
        const key = `race-${randomUUID()}`;
        await sql`insert into app_settings (key, value) values (${key}, 'a')`.execute(app.deps.db);
        await sql`insert into app_settings (key, value) values (${key}, 'b')`.execute(app.deps.db);
        return { ok: true };
      });
    },
  });
});
afterAll(() => t.close());

describe('integrity errors from races', () => {
  it.each([
    ['a reference deleted meanwhile (23503)', '/test/vanished-reference'],
    ['a unique row created meanwhile (23505)', '/test/raced-duplicate'],
  ])('answers 409 Conflict for %s', async (_name, url) => {
    const response = await t.app.inject({ method: 'POST', url, payload: {} });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('Conflict');
  });
});
