import { describe, expect, it } from 'vitest';
import { leavesPage } from './link-click';

const here = 'http://127.0.0.1:3000/es/wealth/clients?q=mol';

describe('leavesPage: the clicks that take the user off the page a pending search belongs to', () => {
  it('a result link the router follows to another page', () => {
    expect(leavesPage('/es/wealth/clients/c-1', true, here)).toBe(true);
    expect(leavesPage('http://127.0.0.1:3000/es/summary', true, here)).toBe(true);
  });

  it('not a modifier click opening a new tab (the router leaves it to the browser)', () => {
    expect(leavesPage('/es/wealth/clients/c-1', false, here)).toBe(false);
  });

  it('not a link to this same page with another query (a sort, a page)', () => {
    expect(leavesPage('/es/wealth/clients?sort=alias', true, here)).toBe(false);
  });

  it('not a link to another site', () => {
    expect(leavesPage('https://example.com/es/wealth/clients/c-1', true, here)).toBe(false);
  });
});
