import { describe, expect, it } from 'vitest';
import { filterEntities, initialStep, stepsFor } from './connect-flow';

describe('stepsFor / initialStep', () => {
  it('connect picks the institution first', () => {
    expect(stepsFor('connect')).toEqual(['institution', 'credentials', 'sca']);
    expect(initialStep({ mode: 'connect', entity_id: null, awaiting_sca: false })).toBe('institution');
  });

  it('reset skips the institution; sca only asks the code', () => {
    expect(stepsFor('reset')).toEqual(['credentials', 'sca']);
    expect(initialStep({ mode: 'reset', entity_id: 'bbva', awaiting_sca: false })).toBe('credentials');
    expect(stepsFor('sca')).toEqual(['sca']);
    expect(initialStep({ mode: 'sca', entity_id: 'bbva', awaiting_sca: false })).toBe('sca');
  });

  it('a session already waiting for the code resumes there', () => {
    expect(initialStep({ mode: 'connect', entity_id: 'bbva', awaiting_sca: true })).toBe('sca');
  });
});

describe('filterEntities', () => {
  const entities = [
    { id: 'santander', name: 'Banco Santander' },
    { id: 'bbva', name: 'BBVA' },
    { id: 'caixa', name: 'CaixaBank' },
    { id: 'wealth-new-entity-x', name: 'wealth-new-entity-x' },
    { id: 'ing', name: 'ING España' },
  ];

  it('lists the listed institutions by name', () => {
    expect(filterEntities(entities, '').map((e) => e.id)).toEqual(['santander', 'bbva', 'caixa', 'ing']);
  });

  it('matches ignoring case and accents', () => {
    expect(filterEntities(entities, 'espana').map((e) => e.id)).toEqual(['ing']);
    expect(filterEntities(entities, '  bAN ').map((e) => e.id)).toEqual(['santander', 'caixa']);
  });
});
