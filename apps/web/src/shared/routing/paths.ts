import type { Permission } from '@caudal/contract';

/** Route paths inside a locale prefix (spec section 2 and 9's named redirects). */
export const PATHS = {
  home: '/',
  login: '/auth/login',
  oidc: '/auth/oidc',
  callback: '/auth/callback',
  logout: '/auth/logout',
  logoutSuccess: '/auth/logout/success',
  sessionLogin: '/sesion/login',
  legacyLogin: '/sesion/legacy-login',
  forgotPassword: '/sesion/forgotPassword',
  resetPassword: '/sesion/resetPassword',
  invitation: '/sesion/invitation',
  team: '/team',
  audit: '/audit',
  me: '/me',
  security: '/account/security',
  health: '/health',
} as const;

export interface NavItem {
  permission: Permission;
  path: string;
  labelKey:
    | 'shell.nav.summary'
    | 'shell.nav.clients'
    | 'shell.nav.unmatched'
    | 'shell.nav.export'
    | 'shell.nav.connections'
    | 'shell.nav.portalUsers'
    | 'shell.nav.applications'
    | 'shell.nav.links'
    | 'shell.nav.customCss'
    | 'shell.nav.team'
    | 'shell.nav.audit';
  /** Pages of the section outside `path` (the quick export at /wealth/export2): the link is current there too. */
  alsoAt?: readonly string[];
}

/** Top-bar navigation, each link shown only with its permission (spec section 2, "Top bar"). */
export const NAV_ITEMS: readonly NavItem[] = [
  { permission: 'summary', path: '/summary', labelKey: 'shell.nav.summary' },
  { permission: 'wealth', path: '/wealth/clients', labelKey: 'shell.nav.clients' },
  { permission: 'wealth', path: '/wealth/unmatched', labelKey: 'shell.nav.unmatched' },
  { permission: 'wealth', path: '/wealth/export', labelKey: 'shell.nav.export', alsoAt: ['/wealth/export2'] },
  { permission: 'wealth', path: '/wealth/connections', labelKey: 'shell.nav.connections' },
  { permission: 'portals', path: '/portals/users', labelKey: 'shell.nav.portalUsers' },
  { permission: 'applications', path: '/applications', labelKey: 'shell.nav.applications' },
  { permission: 'links', path: '/links', labelKey: 'shell.nav.links' },
  { permission: 'customCSS', path: '/custom-css', labelKey: 'shell.nav.customCss' },
];

export function visibleNavItems(permissions: readonly Permission[]): NavItem[] {
  return NAV_ITEMS.filter((item) => permissions.includes(item.permission));
}

function isAtOrUnder(path: string, section: string): boolean {
  const lower = path.toLowerCase();
  return lower === section || lower.startsWith(`${section}/`);
}

/**
 * Whether a top-bar link is the current section on this path (after the language): its own page and
 * the pages under it, as NavLink matches, and the section's pages elsewhere (`alsoAt`).
 */
export function isNavItemCurrent(item: Pick<NavItem, 'path' | 'alsoAt'>, path: string): boolean {
  return [item.path, ...(item.alsoAt ?? [])].some((section) => isAtOrUnder(path, section));
}

/** The Team link: for admins only, whatever their module permissions (issue 25). */
export const TEAM_NAV_ITEM = { path: PATHS.team, labelKey: 'shell.nav.team' } as const;
/** The audit log: for admins only, like Team (issue 26). */
export const AUDIT_NAV_ITEM = { path: PATHS.audit, labelKey: 'shell.nav.audit' } as const;

/** Only same-origin portal paths are accepted as a post-login destination (no open redirect). */
export function safeRedirectPath(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

/**
 * Whether a path (after the language) is a signed-in page, which starts by asking for the identity and
 * the entity list: the early entry (src/early-start.ts) starts those calls for such a path only.
 */
export function isSignedInPath(path: string): boolean {
  return (
    path === PATHS.me ||
    path === PATHS.team ||
    path === PATHS.security ||
    path === PATHS.audit ||
    NAV_ITEMS.some((item) =>
      [item.path, ...(item.alsoAt ?? [])].some(
        (section) => path === section || path.startsWith(`${section}/`),
      ),
    )
  );
}
