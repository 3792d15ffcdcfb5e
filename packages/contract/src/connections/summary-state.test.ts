import { describe, expect, it } from 'vitest';
import {
  CREDENTIAL_UPDATING_MAX_MS,
  type CredentialStatus,
  deriveSummaryState,
  SCA_STALE_AFTER_MS,
} from './credential-state';

const now = new Date('2030-01-15T10:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const healthy: CredentialStatus = {
  last_update: ago(60_000),
  time: ago(60_000),
  blocked: false,
  sca_token: null,
  error: null,
  updating: false,
};

describe('deriveSummaryState', () => {
  it('puts what must be fixed first, then what is running, then SCA, then an outage', () => {
    expect(deriveSummaryState({ ...healthy, blocked: true, updating: true, sca_token: 'x' }, now)).toBe(
      'blocked',
    );
    expect(deriveSummaryState({ ...healthy, updating: true, sca_token: 'x', last_update: null }, now)).toBe(
      'pending',
    );
    expect(deriveSummaryState({ ...healthy, time: null, last_update: null }, now)).toBe('pending');
    expect(deriveSummaryState({ ...healthy, sca_token: 'x', error: 'down', last_update: null }, now)).toBe(
      'sca',
    );
    expect(deriveSummaryState({ ...healthy, error: 'down' }, now)).toBe('down');
    expect(deriveSummaryState(healthy, now)).toBe('ok');
  });

  it('applies the 20 h SCA rule strictly', () => {
    const sca = { ...healthy, sca_token: 'x' };
    expect(deriveSummaryState({ ...sca, last_update: ago(SCA_STALE_AFTER_MS) }, now)).toBe('ok');
    expect(deriveSummaryState({ ...sca, last_update: ago(SCA_STALE_AFTER_MS + 1) }, now)).toBe('sca');
    expect(CREDENTIAL_UPDATING_MAX_MS).toBe(3_600_000);
  });
});
