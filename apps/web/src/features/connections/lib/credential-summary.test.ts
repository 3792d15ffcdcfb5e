import { type CredentialStatus, SCA_STALE_AFTER_MS } from '@caudal/contract/routes';
import { describe, expect, it } from 'vitest';
import { groupByEntity, shortToken, statusBadge, summariseCredentials } from './credential-summary';

const NOW = new Date('2025-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

function status(change: Partial<CredentialStatus> = {}): CredentialStatus {
  return {
    last_update: ago(60_000),
    time: ago(60_000),
    blocked: false,
    sca_token: null,
    error: null,
    updating: false,
    ...change,
  };
}

describe('summariseCredentials', () => {
  it('counts total, blocked, needs action and pending SCA', () => {
    const counts = summariseCredentials(
      [
        { status: status() },
        { status: status({ blocked: true, error: 'invalid_access' }) },
        { status: status({ sca_token: 'sca-1' }) },
        { status: status({ sca_token: 'sca-2', last_update: ago(SCA_STALE_AFTER_MS + 1) }) },
      ],
      NOW,
    );
    expect(counts).toEqual({ total: 4, blocked: 1, needsAction: 2, pendingSca: 2 });
  });

  it('needs action only past the 20 h SCA boundary', () => {
    const exactly = { status: status({ sca_token: 's', last_update: ago(SCA_STALE_AFTER_MS) }) };
    const past = { status: status({ sca_token: 's', last_update: ago(SCA_STALE_AFTER_MS + 1) }) };
    const never = { status: status({ sca_token: 's', last_update: null }) };
    expect(summariseCredentials([exactly], NOW).needsAction).toBe(0);
    expect(summariseCredentials([past], NOW).needsAction).toBe(1);
    expect(summariseCredentials([never], NOW).needsAction).toBe(1);
  });

  it('is all zeros without credentials', () => {
    expect(summariseCredentials([], NOW)).toEqual({ total: 0, blocked: 0, needsAction: 0, pendingSca: 0 });
  });
});

describe('groupByEntity', () => {
  it('groups per institution with its counts and latest successful update', () => {
    const rows = groupByEntity(
      [
        { bank: 'bbva', status: status({ last_update: ago(3_600_000) }) },
        { bank: 'santander', status: status({ blocked: true, last_update: null }) },
        { bank: 'bbva', status: status({ last_update: ago(60_000), sca_token: 'x' }) },
      ],
      NOW,
    );
    expect(rows).toEqual([
      { entityId: 'bbva', total: 2, blocked: 0, needsAction: 0, pendingSca: 1, lastUpdate: ago(60_000) },
      { entityId: 'santander', total: 1, blocked: 1, needsAction: 1, pendingSca: 0, lastUpdate: null },
    ]);
  });
});

describe('statusBadge', () => {
  it('chooses the one badge a credential shows', () => {
    expect(statusBadge(status())).toBe('ok');
    expect(statusBadge(status({ updating: true }))).toBe('updating');
    expect(statusBadge(status({ blocked: true, error: 'invalid_access', updating: true }))).toBe(
      'invalid_access',
    );
    expect(statusBadge(status({ blocked: true, error: 'blocked' }))).toBe('blocked');
    expect(statusBadge(status({ error: 'down' }))).toBe('down');
    expect(statusBadge(status({ sca_token: 'x', error: 'down' }))).toBe('sca');
  });
});

describe('shortToken', () => {
  it('keeps short tokens and shortens long ones', () => {
    expect(shortToken('abc')).toBe('abc');
    expect(shortToken('0123456789abcdefghij')).toBe('01234567…ghij');
  });
});
