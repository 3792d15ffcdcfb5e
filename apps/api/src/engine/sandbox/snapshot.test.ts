import { isInvestmentTransactionCode, LIABILITY_TYPES, PORTFOLIO_TYPES } from '@caudal/contract';
import { describe, expect, it } from 'vitest';
import { isValidIban } from './iban';
import { isValidDni } from './identity';
import { INSTITUTIONS } from './institutions';
import { isValidIsin } from './isin';
import { round } from './money';
import { generateSnapshot } from './snapshot';
import type { InstitutionSnapshot } from './snapshot-types';

const AS_OF = new Date('2026-03-15T10:30:00Z');
const NEXT_DAY = new Date('2026-03-16T08:00:00Z');
const ENTITY_IDS = [...INSTITUTIONS.keys()];
const LOGINS = Array.from({ length: 8 }, (_, i) => `client-${i}`);

/** Every institution × a few logins: enough to meet every product kind. */
const SAMPLE: InstitutionSnapshot[] = ENTITY_IDS.flatMap((entityId) =>
  LOGINS.map((login) => generateSnapshot({ entityId, login, asOf: AS_OF })),
);

describe('generateSnapshot', () => {
  it('is deterministic and serialisable', () => {
    const again = generateSnapshot({ entityId: 'santander', login: 'client-0', asOf: AS_OF });
    expect(again).toEqual(SAMPLE[0]);
    expect(JSON.parse(JSON.stringify(again))).toEqual(again);
  });

  it('gives different data to different logins and institutions', () => {
    const a = generateSnapshot({ entityId: 'bbva', login: 'ana', asOf: AS_OF });
    const b = generateSnapshot({ entityId: 'bbva', login: 'bea', asOf: AS_OF });
    const c = generateSnapshot({ entityId: 'ing', login: 'ana', asOf: AS_OF });
    expect(a.accounts[0]?.iban).not.toBe(b.accounts[0]?.iban);
    expect(a.accounts[0]?.externalId).not.toBe(c.accounts[0]?.externalId);
    // The same login is the same person everywhere.
    expect(a.holders[0]?.document).toBe(c.holders[0]?.document);
  });

  it('keeps a given holder name', () => {
    const s = generateSnapshot({
      entityId: 'sabadell',
      login: 'x',
      asOf: AS_OF,
      holderName: 'Lucía Ferrer Puig',
    });
    expect(s.holders[0]).toMatchObject({ name: 'Lucía Ferrer Puig', relation: 'titular' });
  });

  it('only produces valid IBANs, ISINs and DNIs, and references known holders', () => {
    for (const snapshot of SAMPLE) {
      const holderIds = new Set(snapshot.holders.map((h) => h.externalId));
      for (const holder of snapshot.holders) expect(isValidDni(holder.document)).toBe(true);
      const ibans = new Set<string>();
      for (const account of snapshot.accounts) {
        if (account.iban !== null) {
          expect(isValidIban(account.iban), account.iban).toBe(true);
          ibans.add(account.iban);
        }
        for (const id of account.holderExternalIds) expect(holderIds.has(id)).toBe(true);
      }
      for (const portfolio of snapshot.portfolios) {
        for (const investment of portfolio.investments) {
          if (investment.isin !== null) expect(isValidIsin(investment.isin)).toBe(true);
          if (investment.refAccount !== null) expect(ibans.has(investment.refAccount)).toBe(true);
        }
      }
    }
  });

  it('gives IBANs of the right bank and none for institutions without a Spanish code', () => {
    for (const snapshot of SAMPLE) {
      const code = INSTITUTIONS.get(snapshot.entityId)?.bankCode ?? null;
      for (const account of snapshot.accounts) {
        if (code === null) expect(account.iban).toBeNull();
        else expect(account.iban?.slice(4, 8)).toBe(code);
      }
    }
  });

  it('keeps running balances consistent, ordered and inside the window', () => {
    // Problems are collected rather than asserted one by one: tens of thousands of expects are slow.
    const problems: string[] = [];
    for (const snapshot of SAMPLE) {
      for (const product of [...snapshot.accounts, ...snapshot.liabilities]) {
        const txs = product.transactions;
        // An account's balance is money held; a liability's is debt, which a repayment (positive) lowers.
        const direction = snapshot.liabilities.includes(product as never) ? -1 : 1;
        txs.forEach((tx, i) => {
          const prev = txs[i - 1];
          if (prev && tx.operationDate < prev.operationDate) problems.push(`order ${tx.externalId}`);
          if (prev && round(prev.balance + direction * tx.amount, 2) !== tx.balance)
            problems.push(`balance ${tx.externalId}`);
          if (tx.operationDate <= '2024-03-15' || tx.operationDate > '2026-03-15')
            problems.push(`window ${tx.externalId}`);
        });
        const last = txs.at(-1);
        if (last && last.balance !== product.balance) problems.push(`last ${product.externalId}`);
      }
      for (const account of snapshot.accounts) {
        if (account.transactions.some((tx) => tx.balance < 0))
          problems.push(`overdrawn ${account.externalId}`);
      }
      for (const liability of snapshot.liabilities) {
        expect(LIABILITY_TYPES).toContain(liability.type);
        expect(liability.balance).toBeGreaterThanOrEqual(0);
        expect(liability.balance).toBeLessThanOrEqual(liability.capitalInitial);
        const available =
          liability.type === 'Loan' ? 0 : round(liability.capitalInitial - liability.balance, 2);
        expect(liability.capitalAvailable).toBe(available);
      }
    }
    expect(problems).toEqual([]);
  });

  it('makes positions equal the sum of their movements, valued at amount × price', () => {
    const codes = new Set<number>();
    const portfolioTypes = new Set<string>();
    for (const snapshot of SAMPLE) {
      for (const portfolio of snapshot.portfolios) {
        expect(PORTFOLIO_TYPES).toContain(portfolio.type);
        portfolioTypes.add(portfolio.type);
        for (const investment of portfolio.investments) {
          const sum = investment.transactions.reduce((total, tx) => total + tx.amount, 0);
          expect(round(sum, 8)).toBe(round(investment.amount, 8));
          expect(investment.amount).toBeGreaterThanOrEqual(0);
          let previous = '';
          for (const tx of investment.transactions) {
            expect(isInvestmentTransactionCode(tx.type)).toBe(true);
            expect(tx.operationDate >= previous).toBe(true);
            previous = tx.operationDate;
            codes.add(tx.type);
          }
        }
      }
    }
    for (const code of [8, 9, 33, 34]) expect(codes.has(code), `code ${code}`).toBe(true);
    expect([...codes].some((code) => ![8, 9, 33, 34].includes(code))).toBe(true);
    expect([...portfolioTypes].sort()).toEqual([...PORTFOLIO_TYPES].sort());
  });

  it('has unique external ids within a snapshot', () => {
    for (const snapshot of SAMPLE) {
      const ids = [
        ...snapshot.accounts.flatMap((a) => [a.externalId, ...a.transactions.map((t) => t.externalId)]),
        ...snapshot.liabilities.flatMap((l) => [l.externalId, ...l.transactions.map((t) => t.externalId)]),
        ...snapshot.portfolios.flatMap((p) => [
          p.externalId,
          ...p.investments.flatMap((i) => [i.externalId, ...i.transactions.map((t) => t.externalId)]),
        ]),
      ];
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('refreshes in place: a day later keeps every earlier movement and may add new ones', () => {
    for (const entityId of ['santander', 'bbva', 'degiro', 'myinvestor']) {
      for (const login of LOGINS) {
        const before = generateSnapshot({ entityId, login, asOf: AS_OF });
        const after = generateSnapshot({ entityId, login, asOf: NEXT_DAY });
        expect(after.accounts.map((a) => a.externalId)).toEqual(before.accounts.map((a) => a.externalId));
        expect(after.portfolios.map((p) => p.externalId)).toEqual(before.portfolios.map((p) => p.externalId));
        expect(after.liabilities.map((l) => l.externalId)).toEqual(
          before.liabilities.map((l) => l.externalId),
        );
        const byId = new Map(
          [...after.accounts, ...after.liabilities]
            .flatMap((p) => p.transactions)
            .map((t) => [t.externalId, t]),
        );
        for (const product of [...before.accounts, ...before.liabilities]) {
          for (const tx of product.transactions) {
            // The window also moves a day: only movements of its first day may drop out.
            if (tx.operationDate === '2024-03-16') continue;
            expect(byId.get(tx.externalId)).toEqual(tx);
          }
        }
        const investmentTxs = new Map(
          after.portfolios
            .flatMap((p) => p.investments.flatMap((i) => i.transactions))
            .map((t) => [t.externalId, t]),
        );
        for (const portfolio of before.portfolios) {
          for (const tx of portfolio.investments.flatMap((i) => i.transactions)) {
            expect(investmentTxs.get(tx.externalId)).toEqual(tx);
          }
        }
      }
    }
  });

  it('produces a realistic volume, quickly enough for a connector (printed, not asserted)', () => {
    const started = performance.now();
    const demo = Array.from({ length: 40 }, (_, i) =>
      generateSnapshot({
        entityId: ENTITY_IDS[i % ENTITY_IDS.length] ?? 'santander',
        login: `demo-client-${i}`,
        asOf: AS_OF,
      }),
    );
    const elapsed = performance.now() - started;
    const count = (s: InstitutionSnapshot) =>
      s.accounts.reduce((n, a) => n + a.transactions.length, 0) +
      s.liabilities.reduce((n, l) => n + l.transactions.length, 0) +
      s.portfolios.reduce((n, p) => n + p.investments.reduce((m, i) => m + i.transactions.length, 0), 0);
    const total = demo.reduce((n, s) => n + count(s), 0);
    const current = SAMPLE.flatMap((s) => s.accounts).filter((a) => a.transactions.length > 200);
    const perAccount = current.map((a) => a.transactions.length);
    console.info(
      `[sandbox] 40 logins: ${elapsed.toFixed(1)} ms (${(elapsed / 40).toFixed(2)} ms/login), ${total} movements, ` +
        `${Math.round(JSON.stringify(demo).length / 1024)} KiB JSON; busy accounts ${Math.min(...perAccount)}–${Math.max(...perAccount)} movements over 2 years`,
    );
    expect(Math.min(...perAccount)).toBeGreaterThanOrEqual(300);
    expect(Math.max(...perAccount)).toBeLessThanOrEqual(1_100);
  });
});
