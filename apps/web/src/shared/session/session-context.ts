import type { Entity, Identity, Permission } from '@caudal/contract';
import { createContext, useContext } from 'react';

export interface Session {
  identity: Identity;
  entities: readonly Entity[];
}

export const SessionContext = createContext<Session | null>(null);

/** The loaded session; only valid under the main layout, which renders nothing until it is loaded. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() used outside the main layout');
  return session;
}

export function hasPermission(identity: Identity, permission: Permission): boolean {
  return identity.permissions.includes(permission);
}

/** Staff admins manage the team (issue 25); members and portal users never see it. */
export function isTeamAdmin(identity: Identity): boolean {
  return identity.user.kind === 'staff' && identity.user.role === 'admin';
}
