import type { CredentialInformation } from '@caudal/contract';
import { describe, expect, it } from 'vitest';
import { identityRows } from './identity-rows';

function credential(token: string): CredentialInformation {
  return {
    credentials_token: token,
    bank: 'bbva',
    status: { last_update: null, time: null, blocked: false, sca_token: null, error: null, updating: false },
    client_id: null,
    client_name: null,
    products_count: 0,
    created_at: '2025-01-01T00:00:00.000Z',
    consent_expires_at: '2025-06-30T00:00:00.000Z',
    consent_days_left: 0,
    consent_state: 'expired',
  };
}

describe('identityRows', () => {
  it('gives one row per holder, and a bare row to a credential without holders', () => {
    const holder = (id: string) => ({ id, name: id.toUpperCase(), document: null, email: null });
    const rows = identityRows(
      [credential('t1'), credential('t2')],
      [{ credentials_token: 't1', holders: [holder('a'), holder('b')] }],
    );
    expect(rows.map((row) => [row.key, row.holder?.id ?? null])).toEqual([
      ['t1:a', 'a'],
      ['t1:b', 'b'],
      ['t2', null],
    ]);
  });
});
