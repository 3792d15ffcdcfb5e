import { describe, expect, it } from 'vitest';
import { distinctNames } from './distinct-names';

const accounts = [
  { name: 'Cuenta Online', iban: '…5348' },
  { name: 'Cuenta Online', iban: '…0550' },
  { name: 'Cuenta Nómina', iban: '…1111' },
  { name: 'Tarjeta', iban: null },
  { name: 'Tarjeta', iban: null },
];

describe('distinctNames', () => {
  it('adds the reference only to names two rows share, and only where there is one', () => {
    const nameOf = distinctNames(
      accounts,
      (account) => account.name,
      (account) => account.iban,
    );
    expect(accounts.map(nameOf)).toEqual([
      'Cuenta Online (…5348)',
      'Cuenta Online (…0550)',
      'Cuenta Nómina',
      'Tarjeta',
      'Tarjeta',
    ]);
  });

  it('keeps the names as they are without a reference to add', () => {
    const nameOf = distinctNames(accounts, (account) => account.name, undefined);
    expect(accounts.map(nameOf)).toEqual(accounts.map((account) => account.name));
  });
});
