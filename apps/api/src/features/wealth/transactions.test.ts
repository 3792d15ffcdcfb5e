import { wealth } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTransactions } from '../seed/wealth-factories';
import { encodeCursor } from './transaction-cursor';
import { createClientWithProducts, type SignedInTenant, signInTenant } from './wealth-fixtures';

let t: TestApp;
let tenant: SignedInTenant;
let ref: { client_id: string; product_id: string };
const COUNT = 457;

interface Row {
  id: string;
  operationDate: string;
  balance: number;
  amount: number;
}

beforeAll(async () => {
  t = await createTestApp();
  tenant = await signInTenant(t);
  const { client, account, liability } = await createClientWithProducts(t, tenant.companyId);
  // 3 a day from 2023-01-01: several rows share each date, so the id tie-breaker matters.
  await createTransactions(t.db, { companyId: tenant.companyId, productId: account.id, count: COUNT });
  await createTransactions(t.db, { companyId: tenant.companyId, productId: liability.id, count: 10 });
  ref = { client_id: client.id, product_id: account.id };
});
afterAll(() => t.close());

async function readAll(request: Record<string, unknown>) {
  const rows: Row[] = [];
  let cursor: string | null | undefined;
  let pages = 0;
  do {
    const response = await tenant.call(wealth.productTransactionList.path, {
      ...ref,
      ...request,
      ...(cursor ? { cursor } : {}),
    });
    expect(response.statusCode).toBe(200);
    const page = wealth.productTransactionList.response.parse(response.json());
    rows.push(...(page.items as Row[]));
    cursor = page.next_cursor;
    pages += 1;
  } while (cursor);
  return { rows, pages };
}

const isNewestFirst = (rows: Row[]) =>
  rows.every((row, index) => {
    const previous = rows[index - 1];
    if (!previous) return true;
    return (
      previous.operationDate > row.operationDate ||
      (previous.operationDate === row.operationDate && BigInt(previous.id) > BigInt(row.id))
    );
  });

describe('product transactions', () => {
  it('pages newest first with the default limit of 50, no duplicates and no gaps', async () => {
    const first = await tenant.call(wealth.productTransactionList.path, ref);
    expect(first.json().items).toHaveLength(50);
    const { rows, pages } = await readAll({ limit: 37 });
    expect(pages).toBe(Math.ceil(COUNT / 37));
    expect(rows).toHaveLength(COUNT);
    expect(new Set(rows.map((row) => row.id)).size).toBe(COUNT);
    expect(isNewestFirst(rows)).toBe(true);
    // The newest row carries the running balance: opening 1,000 plus every amount.
    const sum = rows.reduce((total, row) => total + row.amount, 0);
    expect(rows[0]?.balance).toBeCloseTo(1000 + sum, 2);
    expect(rows[0]).toMatchObject({ operationDate: '2023-06-02', valueDate: '2023-06-02' });
  });

  it('answers an exact last page with no next cursor', async () => {
    const response = await tenant.call(wealth.productTransactionList.path, {
      ...ref,
      limit: 200,
      date_from: '2023-06-01',
    });
    expect(response.json().items).toHaveLength(COUNT - 151 * 3);
    expect(response.json().next_cursor).toBeNull();
  });

  it('filters by operation date, both ends included, across pages', async () => {
    const { rows } = await readAll({ date_from: '2023-01-10', date_to: '2023-01-20', limit: 7 });
    expect(rows).toHaveLength(33);
    expect(rows.every((row) => row.operationDate >= '2023-01-10' && row.operationDate <= '2023-01-20')).toBe(
      true,
    );
    const reversed = await tenant.call(wealth.productTransactionList.path, {
      ...ref,
      date_from: '2023-02-01',
      date_to: '2023-01-01',
    });
    expect(reversed.statusCode).toBe(400);
  });

  it('answers a bad cursor with 400 ValidationError, never 500', async () => {
    const cursors = [
      'garbage!',
      encodeCursor({ operationDate: '2023-02-30', id: '1' }),
      Buffer.from('2023-01-01|x').toString('base64url'),
      Buffer.from('2023-01-01|99999999999999999999').toString('base64url'),
    ];
    for (const cursor of cursors) {
      const response = await tenant.call(wealth.productTransactionList.path, { ...ref, cursor });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('ValidationError');
      expect(response.json().error.issues[0].path).toEqual(['cursor']);
    }
  });

  it('rejects a limit over 200', async () => {
    expect((await tenant.call(wealth.productTransactionList.path, { ...ref, limit: 201 })).statusCode).toBe(
      400,
    );
  });

  it('lists a liability’s movements but not a portfolio’s', async () => {
    const { client, liability, portfolio } = await createClientWithProducts(t, tenant.companyId);
    await createTransactions(t.db, { companyId: tenant.companyId, productId: liability.id, count: 4 });
    const ok = await tenant.call(wealth.productTransactionList.path, {
      client_id: client.id,
      product_id: liability.id,
    });
    expect(ok.json().items).toHaveLength(4);
    const wrong = await tenant.call(wealth.productTransactionList.path, {
      client_id: client.id,
      product_id: portfolio.id,
    });
    expect(wrong.statusCode).toBe(404);
    const otherClients = await tenant.call(wealth.productTransactionList.path, {
      client_id: client.id,
      product_id: ref.product_id,
    });
    expect(otherClients.statusCode).toBe(404);
  });
});
