import { describe, expect, it } from 'vitest';
import { INSTITUTIONS } from './institutions';
import { generateSnapshot } from './snapshot';
import type { SnapshotTransaction } from './snapshot-types';

const AS_OF = new Date('2026-03-15T10:30:00Z');
const SAMPLE = [...INSTITUTIONS.keys()].flatMap((entityId) =>
  Array.from({ length: 6 }, (_, i) => generateSnapshot({ entityId, login: `signs-${i}`, asOf: AS_OF })),
);
const accountMovements = SAMPLE.flatMap((snapshot) => snapshot.accounts.flatMap((a) => a.transactions));
const liabilityMovements = SAMPLE.flatMap((snapshot) => snapshot.liabilities.flatMap((l) => l.transactions));

/** The movements whose description starts with one of the prefixes; the sample must hold some. */
function named(movements: SnapshotTransaction[], ...prefixes: string[]) {
  const found = movements.filter((tx) => prefixes.some((prefix) => tx.description.startsWith(prefix)));
  expect(found.length, `movements named ${prefixes.join(' | ')}`).toBeGreaterThan(0);
  return found;
}

const signsOf = (movements: SnapshotTransaction[]) => [
  ...new Set(movements.map((tx) => Math.sign(tx.amount))),
];

/** Signs as a bank statement shows them: money out negative, money in (or a debt repaid) positive. */
describe('sandbox statement signs', () => {
  it('makes card purchases charges on accounts and on credit cards alike', () => {
    expect(signsOf(named(accountMovements, 'Compra tarjeta'))).toEqual([-1]);
    expect(signsOf(named(liabilityMovements, 'Compra '))).toEqual([-1]);
  });

  it('makes a card settlement and a loan instalment repayments (positive)', () => {
    expect(signsOf(named(liabilityMovements, 'Liquidación mensual de la tarjeta'))).toEqual([1]);
    expect(signsOf(named(liabilityMovements, 'Cuota '))).toEqual([1]);
  });

  it('makes drawdowns and interest on credit products charges (negative)', () => {
    expect(signsOf(named(liabilityMovements, 'Disposición de póliza', 'Remesa de confirming'))).not.toContain(
      1,
    );
    expect(signsOf(named(liabilityMovements, 'Liquidación de intereses de la póliza', 'Comisión'))).toEqual([
      -1,
    ]);
  });

  it('makes incomes positive and bills, cash withdrawals and transfers out negative on accounts', () => {
    expect(signsOf(named(accountMovements, 'Nómina', 'Abono pensión', 'Transferencia recibida'))).toEqual([
      1,
    ]);
    expect(signsOf(named(accountMovements, 'Reintegro cajero', 'Transferencia a ', 'Bizum a '))).toEqual([
      -1,
    ]);
    expect(signsOf(named(accountMovements, 'Bizum de '))).toEqual([1]);
  });

  it('keeps a liability’s balance as the debt left after each movement (previous − amount)', () => {
    for (const liability of SAMPLE.flatMap((snapshot) => snapshot.liabilities)) {
      const txs = liability.transactions;
      for (let i = 1; i < txs.length; i++) {
        const [prev, tx] = [txs[i - 1], txs[i]] as [SnapshotTransaction, SnapshotTransaction];
        expect(Math.round((prev.balance - tx.amount) * 100)).toBe(Math.round(tx.balance * 100));
      }
      if (txs.length > 0) expect(txs.at(-1)?.balance).toBe(liability.balance);
    }
  });
});
