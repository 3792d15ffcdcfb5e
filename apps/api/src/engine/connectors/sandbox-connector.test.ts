import { describe, expect, it } from 'vitest';
import { findConnector, sandboxConnector } from '.';

const asOf = new Date('2030-01-15T10:00:00Z');
const hours = (n: number) => new Date(asOf.getTime() + n * 3_600_000);

describe('sandbox connector', () => {
  it('serves every catalogue entity', () => {
    expect(findConnector('santander')).toBe(sandboxConnector);
  });

  it('maps each test login to its outcome', async () => {
    const login = (username: string, password = 'demo') =>
      sandboxConnector.login({ entityId: 'bbva', username, password, asOf }).then((r) => r.outcome);
    expect(await login('demo-ok')).toBe('ok');
    expect(await login('demo-sca')).toBe('sca_required');
    expect(await login('demo-wrong', 'demo')).toBe('invalid_access');
    expect(await login('demo-ok', 'nope')).toBe('invalid_access');
    expect(await login('demo-blocked')).toBe('blocked');
    expect(await login('demo-down')).toBe('down');
  });

  it('asks an SCA login for a new code once its last SCA is over 20 h old', async () => {
    const secret = { username: 'demo-sca', password: 'demo' };
    const sca = await sandboxConnector.completeSca({
      entityId: 'bbva',
      login: 'demo-sca',
      secret,
      scaToken: 't',
      code: '123456',
      state: null,
      titularName: null,
      asOf,
    });
    if (sca.outcome !== 'ok') throw new Error(sca.outcome);
    const refresh = (at: Date) =>
      sandboxConnector
        .refresh({
          credential: { entityId: 'bbva', login: 'demo-sca', state: sca.state, titularName: null },
          secret,
          asOf: at,
        })
        .then((r) => r.outcome);
    expect(await refresh(hours(19))).toBe('ok');
    expect(await refresh(hours(21))).toBe('sca_required');
    expect(
      (
        await sandboxConnector.completeSca({
          entityId: 'bbva',
          login: 'demo-sca',
          secret,
          scaToken: 't',
          code: '1',
          state: null,
          titularName: null,
          asOf,
        })
      ).outcome,
    ).toBe('invalid_code');
  });

  it('refreshes demo rows without a secret as their login, keeping the titular name', async () => {
    const result = await sandboxConnector.refresh({
      credential: {
        entityId: 'ing',
        login: 'demo-client-01',
        state: null,
        titularName: 'María García López',
      },
      secret: null,
      asOf,
    });
    if (result.outcome !== 'ok') throw new Error(result.outcome);
    expect(result.snapshot.holders[0]?.name).toBe('María García López');
  });
});
