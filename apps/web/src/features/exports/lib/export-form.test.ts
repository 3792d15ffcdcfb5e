import type { Client } from '@caudal/contract';
import { describe, expect, it } from 'vitest';
import {
  countChosenClients,
  EMPTY_EXPORT_FORM,
  findClientEntities,
  findClientsWithNoEntity,
  findClientsWithoutEntities,
  reconcileEntityIds,
  toExportRequest,
  validateExport,
  withHeldEntities,
} from './export-form';

const client = (id: string, entities: string[]): Client => ({
  id,
  name: `Cliente ${id}`,
  alias: id,
  entities,
  created_at: '2026-01-01T00:00:00Z',
  products_count: 1,
});

describe('export form', () => {
  it('gives the spec texts: no client, reversed dates, missing dates', () => {
    const issues = validateExport(
      { ...EMPTY_EXPORT_FORM, dateFrom: '2026-02-01', dateTo: '2026-01-01' },
      'es',
    );
    expect(issues.client_ids?.message).toBe('validation.exportClients');
    expect(issues.date_from?.message).toBe('validation.dateOrder');
    expect(validateExport(EMPTY_EXPORT_FORM, 'es').date_to?.message).toBe('validation.required');
  });

  it('sends no dates for positions and columns only for custom', () => {
    const form = {
      ...EMPTY_EXPORT_FORM,
      type: 'positions' as const,
      dateFrom: '2026-01-01',
      clients: [client('a', [])],
    };
    expect(toExportRequest(form, 'en')).toMatchObject({ date_from: null, date_to: null, client_ids: ['a'] });
    expect(toExportRequest(form, 'en')).not.toHaveProperty('columns');
  });

  it('offers listed entities only, and finds clients left without one', () => {
    const listed = new Map([
      ['bbva', 'BBVA'],
      ['abanca', 'Abanca'],
    ]);
    const clients = [client('a', ['bbva', 'gone']), client('b', ['abanca'])];
    expect(findClientEntities(clients, listed)).toEqual([
      { id: 'abanca', name: 'Abanca' },
      { id: 'bbva', name: 'BBVA' },
    ]);
    expect(findClientsWithoutEntities(clients, ['bbva'], listed).map((item) => item.id)).toEqual(['b']);
  });

  it('a client with no listed entity never blocks the entities step', () => {
    const listed = new Map([['bbva', 'BBVA']]);
    const clients = [client('a', ['bbva']), client('b', []), client('c', ['gone'])];
    expect(findClientsWithoutEntities(clients, ['bbva'], listed)).toEqual([]);
    expect(findClientsWithNoEntity(clients, listed).map((item) => item.id)).toEqual(['b', 'c']);
  });

  it('select-all sends the search and the unticked clients, never ids', () => {
    const form = {
      ...EMPTY_EXPORT_FORM,
      dateFrom: '2026-01-01',
      dateTo: '2026-01-31',
      entityIds: ['bbva'],
      clientFilter: { search: 'ana', total: 40, except: [client('x', [])] },
    };
    const request = toExportRequest(form, 'es');
    expect(request).toMatchObject({ client_filter: { search: 'ana', except_ids: ['x'] } });
    expect(request).not.toHaveProperty('client_ids');
    expect(countChosenClients(form)).toBe(39);
    expect(validateExport(form, 'es')).toEqual({});
    const everyone = toExportRequest({ ...form, clientFilter: { search: '', total: 3, except: [] } }, 'es');
    expect(everyone.client_filter).toEqual({});
  });

  it('adds the banks a client holds products at to the entities the step offers (the QA case)', () => {
    const listed = new Map([
      ['abanca', 'Abanca'],
      ['bankinter', 'Bankinter'],
      ['santander', 'Banco Santander'],
    ]);
    const pepe = client('pepe', ['abanca']);
    const other = client('other', ['santander']);
    // Before the answer: the field only.
    expect(findClientEntities(withHeldEntities([pepe], undefined), listed).map((e) => e.id)).toEqual([
      'abanca',
    ]);
    const merged = withHeldEntities(
      [pepe, other],
      [{ client_id: 'pepe', entity_ids: ['abanca', 'bankinter'] }],
    );
    expect(merged.map((c) => c.entities)).toEqual([['abanca', 'bankinter'], ['santander']]);
    expect(findClientEntities(merged, listed)).toEqual([
      { id: 'abanca', name: 'Abanca' },
      { id: 'santander', name: 'Banco Santander' },
      { id: 'bankinter', name: 'Bankinter' },
    ]);
    // Only Bankinter ticked: Pepe has an entity chosen (his products are there), so nothing blocks.
    expect(findClientsWithoutEntities(merged.slice(0, 1), ['bankinter'], listed)).toEqual([]);
    expect(
      findClientsWithNoEntity(
        withHeldEntities([client('bare', [])], [{ client_id: 'bare', entity_ids: ['bankinter'] }]),
        listed,
      ),
    ).toEqual([]);
  });

  it('ticks what comes into the list, drops what leaves it, keeps the user’s choice on the rest', () => {
    // First offer: everything ticked.
    expect(reconcileEntityIds([], ['abanca'], [])).toEqual(['abanca']);
    // The products' banks arrive: Bankinter comes in ticked, the unticked Abanca stays unticked.
    expect(reconcileEntityIds([], ['abanca', 'bankinter'], ['abanca'])).toEqual(['bankinter']);
    // A client leaves and takes Santander with it.
    expect(reconcileEntityIds(['abanca', 'santander'], ['abanca'], ['abanca', 'santander'])).toEqual([
      'abanca',
    ]);
  });
});
