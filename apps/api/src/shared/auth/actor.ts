import { MODULES, type Module, PERMISSION_BY_MODULE, type Permission } from '@caudal/contract';

/** The signed-in user a call runs for. Every tenant query is scoped by `companyId`. */
export interface Actor {
  userId: string;
  companyId: string;
  kind: 'staff' | 'portal';
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

/** Staff get every module of their company; portal users only wealth, and only if the company has it. */
export function findPermissions(kind: Actor['kind'], modules: readonly Module[]): Permission[] {
  const granted = kind === 'staff' ? modules : modules.filter((module) => module === 'wealth');
  return granted.map((module) => PERMISSION_BY_MODULE[module]);
}
