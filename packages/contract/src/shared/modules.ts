/** Company modules, as the spec names them (section 1). */
export const MODULES = ['wealth', 'summary', 'applications', 'links', 'custom_css', 'portals'] as const;
export type Module = (typeof MODULES)[number];

/** Permission keys, as the spec names them (section 6). They differ from module names only for custom CSS. */
export const PERMISSIONS = ['summary', 'wealth', 'portals', 'applications', 'links', 'customCSS'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PERMISSION_BY_MODULE: Record<Module, Permission> = {
  wealth: 'wealth',
  summary: 'summary',
  applications: 'applications',
  links: 'links',
  custom_css: 'customCSS',
  portals: 'portals',
};

/** The one mapping back, from a permission key to the module name stored in the database. */
export const MODULE_BY_PERMISSION: Record<Permission, Module> = {
  wealth: 'wealth',
  summary: 'summary',
  applications: 'applications',
  links: 'links',
  customCSS: 'custom_css',
  portals: 'portals',
};

export function isModule(value: string): value is Module {
  return (MODULES as readonly string[]).includes(value);
}

/** Staff roles (issue 25): admins manage the team; members only use the modules they were given. */
export const STAFF_ROLES = ['admin', 'member'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Default landing route priority (spec section 2, "Default landing route"). */
export const LANDING_PRIORITY: readonly { permission: Permission; route: string }[] = [
  { permission: 'wealth', route: '/wealth/clients' },
  { permission: 'summary', route: '/summary' },
  { permission: 'applications', route: '/applications' },
  { permission: 'links', route: '/links' },
  { permission: 'customCSS', route: '/custom-css' },
  { permission: 'portals', route: '/portals/users' },
];

export function findLandingRoute(permissions: readonly Permission[]): string | null {
  return LANDING_PRIORITY.find((entry) => permissions.includes(entry.permission))?.route ?? null;
}
