import type { CredentialInformation } from '@caudal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCatalogueParts, i18n, initI18n, showLanguage } from '../../../shared/i18n/i18n';
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

  describe('the pager under them', () => {
    beforeAll(async () => {
      if (!i18n.isInitialized) await initI18n('es');
      await addCatalogueParts(['connections']);
    });

    // Two co-holders of one credential make more rows than credentials: "1–3 de 3" under four rows read
    // wrong. The server pages credentials, so the pager says it counts credentials, as the heading does.
    it('says it counts credentials, not rows, in both languages', async () => {
      const range = { from: '1', to: '3', total: '3' };
      await showLanguage('es');
      expect(i18n.t('connections.detail.list.range', range)).toBe('Credenciales 1–3 de 3');
      expect(i18n.t('connections.detail.credentialsCount', { count: 3, n: '3' })).toBe('3 credenciales');
      await showLanguage('en');
      expect(i18n.t('connections.detail.list.range', range)).toBe('Credentials 1–3 of 3');
      await showLanguage('es');
    });
  });
});
