import { describe, expect, it } from 'vitest';
import type { Assignment } from './assignments';
import { countProducts, groupByClient, type MatchGroup, runLimited, summarizeResults } from './match-plan';

const to = (clientId: string, clientName: string, productName: string): Assignment => ({
  clientId,
  clientName,
  clientAlias: clientId.toUpperCase(),
  productName,
  bank: 'bbva',
});

describe('groupByClient', () => {
  it('makes one group per client, sorted by client then product name', () => {
    const groups = groupByClient({
      p1: to('c2', 'Zoe', 'Cuenta B'),
      p2: to('c1', 'ana', 'Cartera'),
      p3: to('c2', 'Zoe', 'Cuenta A'),
    });
    expect(groups.map((g) => [g.clientId, g.products.map((p) => p.id)])).toEqual([
      ['c1', ['p2']],
      ['c2', ['p3', 'p1']],
    ]);
    expect(countProducts(groups)).toBe(3);
  });

  it('has no groups without assignments', () => {
    expect(groupByClient({})).toEqual([]);
  });

  it('lists each product once per call', () => {
    const [group] = groupByClient({ p1: to('c1', 'Ana', 'Cuenta') });
    expect(group?.products).toEqual([{ id: 'p1', name: 'Cuenta', bank: 'bbva' }]);
  });
});

const group = (clientId: string, ...ids: string[]): MatchGroup => ({
  clientId,
  clientName: clientId,
  clientAlias: clientId,
  products: ids.map((id) => ({ id, name: id, bank: 'bbva' })),
});
const REASON = 'errors.codes.ProductAlreadyMatched';

describe('summarizeResults', () => {
  it('is a success when every call succeeded', () => {
    const summary = summarizeResults([
      { group: group('c1', 'p1', 'p2'), ok: true },
      { group: group('c2', 'p3'), ok: true },
    ]);
    expect(summary).toMatchObject({ kind: 'success', matched: 3, failed: 0, total: 3, reasonKeys: [] });
    expect(summary.matchedProductIds).toEqual(['p1', 'p2', 'p3']);
  });

  it('is partial when some calls failed, with every product of a failed call failed', () => {
    const summary = summarizeResults([
      { group: group('c1', 'p1'), ok: true },
      { group: group('c2', 'p2', 'p3'), ok: false, reasonKey: REASON },
      { group: group('c3', 'p4'), ok: false, reasonKey: REASON },
    ]);
    expect(summary).toMatchObject({ kind: 'partial', matched: 1, failed: 3, total: 4, reasonKeys: [REASON] });
    expect(summary.failedProducts).toEqual({ p2: REASON, p3: REASON, p4: REASON });
  });

  it('is failed when nothing was matched', () => {
    const summary = summarizeResults([{ group: group('c1', 'p1'), ok: false, reasonKey: 'errors.network' }]);
    expect(summary).toMatchObject({ kind: 'failed', matched: 0, failed: 1, reasonKeys: ['errors.network'] });
  });
});

describe('runLimited', () => {
  it('keeps the order, never rejects and respects the limit', async () => {
    let running = 0;
    let peak = 0;
    const results = await runLimited([1, 2, 3, 4, 5], 2, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5 * (6 - n)));
      running--;
      if (n === 3) throw new Error('boom');
      return n * 10;
    });
    expect(peak).toBe(2);
    expect(results.map((r) => (r.ok ? r.value : 'failed'))).toEqual([10, 20, 'failed', 40, 50]);
  });

  it('handles an empty list', async () => {
    expect(await runLimited([], 3, async () => 1)).toEqual([]);
  });
});
