import { CATALOGUES } from '@caudal/contract/routes';
import { describe, expect, it } from 'vitest';
import { type TextRef, transactionTypeRef, typeNameRef } from './type-names';

/** Resolves a ref against a catalogue the way i18next does with single-brace placeholders. */
function resolve(ref: TextRef, lang: 'es' | 'en'): string {
  let node: unknown = CATALOGUES[lang];
  for (const part of ref.key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`missing key ${ref.key}`);
  return node.replace(/\{(\w+)\}/g, (_, name: string) => String(ref.params?.[name]));
}

describe('typeNameRef', () => {
  it('names every known code in both languages', () => {
    expect(resolve(typeNameRef('portfolio', 'MIX'), 'en')).toBe('Mixed');
    expect(resolve(typeNameRef('investment', 'VI'), 'es')).toBe('Renta variable');
    expect(resolve(typeNameRef('liability', 'Loan'), 'es')).toBe('Préstamo');
  });

  it('shows an unknown code as "other" with the code', () => {
    expect(resolve(typeNameRef('portfolio', 'ZZ'), 'es')).toBe('Otro (código ZZ)');
    expect(resolve(typeNameRef('liability', 'Leasing'), 'en')).toBe('Other (code Leasing)');
  });

  it('does not treat inherited object keys as codes', () => {
    expect(typeNameRef('investment', 'toString').key).toBe('wealthCodes.otherCode');
  });
});

describe('transactionTypeRef', () => {
  it('names buy, sell, dividends and interest', () => {
    expect(resolve(transactionTypeRef(8), 'en')).toBe('Buy');
    expect(resolve(transactionTypeRef(9), 'es')).toBe('Venta');
    expect(resolve(transactionTypeRef(33), 'en')).toBe('Dividends');
    expect(resolve(transactionTypeRef(34), 'es')).toBe('Intereses');
  });

  it('never shows a raw code alone', () => {
    expect(resolve(transactionTypeRef(12), 'es')).toBe('Otro (código 12)');
    expect(resolve(transactionTypeRef(90), 'en')).toBe('Other (code 90)');
  });
});
