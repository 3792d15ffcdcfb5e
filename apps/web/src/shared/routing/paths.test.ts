import { findLandingRoute } from '@caudal/contract/routes';
import { describe, expect, it } from 'vitest';
import { isNavItemCurrent, isSignedInPath, NAV_ITEMS, safeRedirectPath, visibleNavItems } from './paths';

describe('default landing route (permission priority)', () => {
  it.each([
    [['summary', 'wealth', 'portals'], '/wealth/clients'],
    [['links', 'summary'], '/summary'],
    [['applications', 'links'], '/applications'],
    [['customCSS', 'links'], '/links'],
    [['portals', 'customCSS'], '/custom-css'],
    [['portals'], '/portals/users'],
    [[], null],
  ] as const)('%j → %s', (permissions, route) => {
    expect(findLandingRoute(permissions)).toBe(route);
  });
});

describe('navigation links', () => {
  it('shows only the links of held permissions, in order', () => {
    expect(visibleNavItems(['applications', 'links']).map((item) => item.path)).toEqual([
      '/applications',
      '/links',
    ]);
    expect(visibleNavItems(['wealth']).map((item) => item.path)).toEqual([
      '/wealth/clients',
      '/wealth/unmatched',
      '/wealth/export',
      '/wealth/connections',
    ]);
    expect(visibleNavItems([])).toEqual([]);
  });
});

describe('the current navigation link (aria-current="page")', () => {
  const current = (path: string) =>
    NAV_ITEMS.filter((item) => isNavItemCurrent(item, path)).map((item) => item.labelKey);

  it('is the section of the page and of the pages under it', () => {
    expect(current('/wealth/clients')).toEqual(['shell.nav.clients']);
    expect(current('/wealth/clients/c1/accounts')).toEqual(['shell.nav.clients']);
    expect(current('/wealth/export')).toEqual(['shell.nav.export']);
    expect(current('/wealth/connections/andbank')).toEqual(['shell.nav.connections']);
  });

  it('is Export on the quick export, which has no link of its own', () => {
    expect(current('/wealth/export2')).toEqual(['shell.nav.export']);
    expect(isSignedInPath('/wealth/export2')).toBe(true);
  });

  it('is none on a page of no section, nor on a path that only starts like one', () => {
    expect(current('/me')).toEqual([]);
    expect(current('/wealth/exports')).toEqual([]);
    expect(current('/wealth/clientsx')).toEqual([]);
  });
});

describe('post-login redirect', () => {
  it('accepts only paths on our own origin', () => {
    expect(safeRedirectPath('/wealth/clients?x=1')).toBe('/wealth/clients?x=1');
    expect(safeRedirectPath('//evil.example')).toBeNull();
    expect(safeRedirectPath('https://evil.example')).toBeNull();
    expect(safeRedirectPath('/\\evil.example')).toBeNull();
    expect(safeRedirectPath(null)).toBeNull();
  });
});

describe('isSignedInPath (the early entry starts the session calls only there)', () => {
  it.each(['/wealth/clients', '/wealth/clients/c1/accounts', '/summary', '/portals/users/create', '/me'])(
    '%s is a signed-in page',
    (path) => expect(isSignedInPath(path)).toBe(true),
  );

  it.each([
    '/',
    '/sesion/login',
    '/auth/callback',
    '/connect/abc',
    '/link/abc',
    '/health',
    '/wealth/clientsx',
  ])('%s is not', (path) => expect(isSignedInPath(path)).toBe(false));
});

describe('the Team page', () => {
  it('is a signed-in page (the early entry starts its identity call), and the invitation screen is not', () => {
    expect(isSignedInPath('/team')).toBe(true);
    expect(isSignedInPath('/sesion/invitation')).toBe(false);
  });
});
