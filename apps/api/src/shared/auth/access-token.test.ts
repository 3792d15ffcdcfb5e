import { describe, expect, it } from 'vitest';
import { encodeSecret, signAccessToken, verifyAccessToken } from './access-token';

const claims = {
  userId: '11111111-1111-4111-8111-111111111111',
  sessionId: '22222222-2222-4222-8222-222222222222',
  companyId: '33333333-3333-4333-8333-333333333333',
};
const issuedAt = new Date('2026-01-01T10:00:00Z');
const later = (seconds: number) => new Date(issuedAt.getTime() + seconds * 1000);

describe('verifyAccessToken, with tokens already verified remembered', () => {
  it('answers a token verified before from memory only while it has not expired', async () => {
    const secret = encodeSecret('a-secret-for-this-test-only-0123456789');
    const token = await signAccessToken(claims, secret, issuedAt, 900);
    expect(await verifyAccessToken(token, secret, later(1))).toEqual({ ok: true, claims });
    expect(await verifyAccessToken(token, secret, later(899))).toEqual({ ok: true, claims });
    // `exp` itself is past, as jose counts it.
    expect(await verifyAccessToken(token, secret, later(900))).toEqual({ ok: false, reason: 'expired' });
    expect(await verifyAccessToken(token, secret, later(1))).toEqual({ ok: true, claims });
  });

  it('refuses an altered copy of a token it has verified', async () => {
    const secret = encodeSecret('a-secret-for-this-test-only-0123456789');
    const token = await signAccessToken(claims, secret, issuedAt, 900);
    expect((await verifyAccessToken(token, secret, later(1))).ok).toBe(true);
    const [header, payload, signature = ''] = token.split('.');
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    expect(await verifyAccessToken(`${header}.${payload}.${flipped}`, secret, later(2))).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('does not answer for one secret what it verified with another', async () => {
    const secret = encodeSecret('a-secret-for-this-test-only-0123456789');
    const other = encodeSecret('another-secret-for-this-test-9876543210');
    const token = await signAccessToken(claims, secret, issuedAt, 900);
    expect((await verifyAccessToken(token, secret, later(1))).ok).toBe(true);
    expect(await verifyAccessToken(token, other, later(1))).toEqual({ ok: false, reason: 'invalid' });
  });
});
