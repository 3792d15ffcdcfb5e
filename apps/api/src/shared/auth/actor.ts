import {
  MODULES,
  type Module,
  PERMISSION_BY_MODULE,
  type Permission,
  type StaffRole,
} from '@caudal/contract';

/** The signed-in user a call runs for. Every tenant query is scoped by `companyId`. */
export interface Actor {
  userId: string;
  companyId: string;
  kind: 'staff' | 'portal';
  /** Staff are admins or members (only admins manage the team); null for portal users. */
  role: StaffRole | null;
  modules: Module[];
  permissions: Permission[];
  sessionId: string;
  /** Null for staff (all clients); the assigned client ids for a portal user. */
  clientIds: string[] | null;
  /** Who is signed in, as /platform/me shows it: read with the session row, at no extra query. */
  profile: { username: string; name: string | null; email: string | null; companyName: string };
}

export function toModules(values: readonly string[]): Module[] {
  return MODULES.filter((module) => values.includes(module));
}

/**
 * Staff get the modules they were given that their company still has; portal users only wealth, and
 * only if the company has it. Both sets are read with the session, so a change applies on the next call.
 */
export function findPermissions(
  kind: Actor['kind'],
  modules: readonly Module[],
  userModules: readonly string[],
): Permission[] {
  const granted =
    kind === 'staff'
      ? modules.filter((module) => userModules.includes(module))
      : modules.filter((module) => module === 'wealth');
  return granted.map((module) => PERMISSION_BY_MODULE[module]);
}
