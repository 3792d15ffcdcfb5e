import type { CredentialStatus } from '@caudal/contract/routes';
import { describe, expect, it } from 'vitest';
import { shortToken, statusBadge } from './credential-summary';

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
