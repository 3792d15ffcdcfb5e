import { describe, expect, it } from 'vitest';
import { connections, team, unmatched, wealth } from '../index';
import type { Identity } from '../platform/identity';
import { canCall } from './can-call';

function identityOf(kind: 'staff' | 'portal', permissions: Identity['permissions'] = ['wealth']): Identity {
  return {
    user: { id: 'u', username: kind, name: null, email: null, kind, role: kind === 'staff' ? 'admin' : null },
    company: { id: 'c', name: 'Co' },
    modules: ['wealth'],
    permissions,
  };
}

describe('canCall', () => {
  it('offers the team calls to admins only', () => {
    const admin = identityOf('staff');
    const member: Identity = { ...admin, user: { ...admin.user, role: 'member' } };
    for (const call of [team.listStaff, team.inviteStaff, team.disableStaff, team.deleteStaff]) {
      expect(canCall(admin, call), call.path).toBe(true);
      expect(canCall(member, call), call.path).toBe(false);
      expect(canCall(identityOf('portal'), call), call.path).toBe(false);
    }
  });

  it('lets staff with the wealth module make every wealth call', () => {
    const staff = identityOf('staff');
    for (const call of [
      wealth.clientCreate,
      wealth.clientDelete,
      wealth.clientList,
      unmatched.unmatchedCount,
    ]) {
      expect(canCall(staff, call)).toBe(true);
    }
  });

  it('refuses a portal user every staff-only call, and allows the read calls', () => {
    const portal = identityOf('portal');
    for (const call of [
      wealth.clientCreate,
      wealth.clientEdit,
      wealth.clientDelete,
      wealth.clientUnmatchProduct,
      unmatched.clientMatchProduct,
      connections.credentialsDelete,
      connections.createConnectLink,
    ]) {
      expect(canCall(portal, call), call.path).toBe(false);
    }
    expect(canCall(portal, wealth.clientList)).toBe(true);
    expect(canCall(portal, connections.getCredentialsInformation)).toBe(true);
    expect(canCall(portal, connections.getCredentialCounts)).toBe(true);
  });

  it('refuses a call of a module the company lacks or the user has no permission for', () => {
    expect(canCall({ ...identityOf('staff'), modules: [] }, wealth.clientList)).toBe(false);
    expect(canCall(identityOf('staff', []), wealth.clientList)).toBe(false);
  });

  it('lets anyone make a public call', () => {
    expect(canCall(identityOf('portal', []), connections.getConnectSession)).toBe(true);
  });
});
