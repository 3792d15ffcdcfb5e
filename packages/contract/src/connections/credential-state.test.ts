import { describe, expect, it } from 'vitest';
import {
  type CredentialStatus,
  deriveCredentialState,
  findCredentialRepair,
  SCA_STALE_AFTER_MS,
} from './credential-state';

const lastUpdate = new Date('2026-01-10T08:00:00.000Z');
const healthy: CredentialStatus = {
  last_update: lastUpdate.toISOString(),
  time: lastUpdate.toISOString(),
  blocked: false,
  sca_token: null,
  error: null,
  updating: false,
};
const at = (ms: number) => new Date(lastUpdate.getTime() + ms);

describe('deriveCredentialState', () => {
  it('is fine when not blocked and without SCA, however old', () => {
    expect(deriveCredentialState(healthy, at(SCA_STALE_AFTER_MS * 10)).needsAction).toBe(false);
  });

  it('flips needsAction for an SCA credential exactly past 20 hours', () => {
    const sca = { ...healthy, sca_token: 'sca-1' };
    expect(SCA_STALE_AFTER_MS).toBe(20 * 60 * 60 * 1000);
    expect(deriveCredentialState(sca, at(SCA_STALE_AFTER_MS)).needsAction).toBe(false);
    expect(deriveCredentialState(sca, at(SCA_STALE_AFTER_MS + 1)).needsAction).toBe(true);
  });

  it('needs action when blocked, and when SCA never succeeded', () => {
    expect(deriveCredentialState({ ...healthy, blocked: true }, at(0)).needsAction).toBe(true);
    expect(deriveCredentialState({ ...healthy, last_update: null, sca_token: 's' }, at(0)).needsAction).toBe(
      true,
    );
  });

  it('reports the last successful update', () => {
    expect(deriveCredentialState(healthy, at(0)).lastSuccessfulUpdate).toEqual(lastUpdate);
    expect(deriveCredentialState({ ...healthy, last_update: null }, at(0)).lastSuccessfulUpdate).toBeNull();
  });
});

describe('findCredentialRepair', () => {
  it('offers reset for invalid access, forced reset when blocked, SCA when stale', () => {
    expect(findCredentialRepair({ ...healthy, blocked: true, error: 'invalid_access' }, at(0))).toBe('reset');
    expect(findCredentialRepair({ ...healthy, blocked: true, error: 'blocked' }, at(0))).toBe('force_reset');
    expect(findCredentialRepair({ ...healthy, sca_token: 's' }, at(SCA_STALE_AFTER_MS + 1))).toBe('sca');
    expect(findCredentialRepair(healthy, at(0))).toBeNull();
  });
});
