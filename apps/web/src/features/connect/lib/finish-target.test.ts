import { describe, expect, it } from 'vitest';
import { finishTarget } from './finish-target';

const origin = 'https://portal.example.com';
const staffReturn = `${origin}/es/wealth/connections?fromlink=true&credentials_token=abc`;

describe('finishTarget', () => {
  it('confirms on the hosted page for a holder without a session', () => {
    expect(finishTarget(staffReturn, { origin, signedIn: false })).toBe('confirm');
    expect(finishTarget('/en/wealth/connections?fromlink=true', { origin, signedIn: false })).toBe('confirm');
  });

  it('sends staff who started the flow back to connections with the marker', () => {
    expect(finishTarget(staffReturn, { origin, signedIn: true })).toBe('redirect');
  });

  it('follows any other return URL (a Link’s own, another origin) as it is', () => {
    expect(finishTarget('https://customer.example.com/done?code=1', { origin, signedIn: false })).toBe(
      'redirect',
    );
    expect(
      finishTarget('https://other.example.com/es/wealth/connections?fromlink=true', {
        origin,
        signedIn: false,
      }),
    ).toBe('redirect');
    expect(finishTarget(`${origin}/es/links?fromlink=true`, { origin, signedIn: false })).toBe('redirect');
  });
});
