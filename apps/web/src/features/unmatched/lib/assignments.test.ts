import { describe, expect, it } from 'vitest';
import {
  applySuggestions,
  assign,
  clearAssignments,
  EMPTY_ASSIGNMENTS,
  forgetProducts,
  isSuggested,
  suggestedAssignments,
  syncWithPage,
} from './assignments';

const ana = { id: 'c1', name: 'Ana Pérez', alias: 'ANA' };
const luis = { id: 'c2', name: 'Luis Gil', alias: 'LUIS' };
const product = (id: string, suggested: typeof ana | null = null) => ({
  holder_product_id: id,
  name: `Producto ${id}`,
  bank: 'bbva',
  suggested_client: suggested,
});
const p1 = product('p1', ana);
const p2 = product('p2');
const p3 = product('p3', luis);

describe('suggestedAssignments', () => {
  it('assigns only the products with a suggestion, to that client', () => {
    expect(suggestedAssignments([p1, p2, p3])).toEqual({
      p1: {
        clientId: 'c1',
        clientName: 'Ana Pérez',
        clientAlias: 'ANA',
        productName: 'Producto p1',
        bank: 'bbva',
      },
      p3: {
        clientId: 'c2',
        clientName: 'Luis Gil',
        clientAlias: 'LUIS',
        productName: 'Producto p3',
        bank: 'bbva',
      },
    });
  });
});

describe('syncWithPage', () => {
  it('pre-fills suggestions the first time a page is seen', () => {
    const state = syncWithPage(EMPTY_ASSIGNMENTS, 'v1', [p1, p2, p3]);
    expect(Object.keys(state.assignments).sort()).toEqual(['p1', 'p3']);
    expect(state.seenIn).toEqual({ p1: 'v1', p2: 'v1', p3: 'v1' });
  });

  it('does not bring a cleared suggestion back on a refetch', () => {
    let state = syncWithPage(EMPTY_ASSIGNMENTS, 'v1', [p1, p2]);
    state = assign(state, p1, null);
    state = syncWithPage(state, 'v1', [p1, p2]);
    expect(state.assignments).toEqual({});
  });

  it('keeps a manual choice over the suggestion', () => {
    let state = syncWithPage(EMPTY_ASSIGNMENTS, 'v1', [p1]);
    state = assign(state, p1, luis);
    state = syncWithPage(state, 'v2', [p1]);
    expect(state.assignments.p1?.clientId).toBe('c2');
  });

  it('returns the same object when nothing changes', () => {
    const state = syncWithPage(EMPTY_ASSIGNMENTS, 'v1', [p1, p2]);
    expect(syncWithPage(state, 'v1', [p1, p2])).toBe(state);
  });

  it('forgets products a refetch of the same view no longer lists', () => {
    let state = syncWithPage(EMPTY_ASSIGNMENTS, 'v1', [p1, p3]);
    state = syncWithPage(state, 'v1', [p3]);
    expect(Object.keys(state.assignments)).toEqual(['p3']);
    expect(state.seenIn).toEqual({ p3: 'v1' });
  });

  it('keeps assignments of other pages while paging', () => {
    let state = syncWithPage(EMPTY_ASSIGNMENTS, 'page1', [p1]);
    state = syncWithPage(state, 'page2', [p3]);
    expect(Object.keys(state.assignments).sort()).toEqual(['p1', 'p3']);
  });
});

describe('applySuggestions and clearAssignments', () => {
  it('restores the suggestions of the page after clearing, keeping other choices', () => {
    let state = syncWithPage(EMPTY_ASSIGNMENTS, 'v1', [p1, p2, p3]);
    state = assign(clearAssignments(state), p2, ana);
    state = applySuggestions(state, [p1, p2, p3]);
    expect(state.assignments.p1?.clientId).toBe('c1');
    expect(state.assignments.p2?.clientId).toBe('c1');
    expect(state.assignments.p3?.clientId).toBe('c2');
  });
});

describe('forgetProducts', () => {
  it('drops the products and lets them be suggested again if they come back', () => {
    let state = syncWithPage(EMPTY_ASSIGNMENTS, 'v1', [p1, p3]);
    state = forgetProducts(state, ['p1']);
    expect(Object.keys(state.assignments)).toEqual(['p3']);
    state = syncWithPage(state, 'v1', [p1, p3]);
    expect(state.assignments.p1?.clientId).toBe('c1');
  });

  it('returns the same object for unknown products', () => {
    expect(forgetProducts(EMPTY_ASSIGNMENTS, ['x'])).toBe(EMPTY_ASSIGNMENTS);
  });
});

describe('isSuggested', () => {
  it('is true only when the chosen client is the suggestion', () => {
    const state = syncWithPage(EMPTY_ASSIGNMENTS, 'v1', [p1]);
    expect(isSuggested(p1, state.assignments.p1)).toBe(true);
    expect(isSuggested(p1, assign(state, p1, luis).assignments.p1)).toBe(false);
    expect(isSuggested(p2, undefined)).toBe(false);
  });
});
