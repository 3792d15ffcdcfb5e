import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openText, parseKey, sealText } from './sealing';

const key = parseKey(randomBytes(32).toString('hex'));

describe('sealing: AES-256-GCM bound to its context', () => {
  it('opens what it sealed, with a fresh IV each time', () => {
    const first = sealText(key, 'company-a', 'otp-secret');
    expect(sealText(key, 'company-a', 'otp-secret')).not.toBe(first);
    expect(openText(key, 'company-a', first)).toBe('otp-secret');
  });

  it('refuses another context, another key, a tampered value and an unknown format', () => {
    const sealed = sealText(key, 'company-a', 'otp-secret');
    expect(() => openText(key, 'company-b', sealed)).toThrow();
    expect(() => openText(parseKey(randomBytes(32).toString('base64url')), 'company-a', sealed)).toThrow();
    const [version, iv, tag, data = ''] = sealed.split('.');
    const flipped = `${data[0] === 'A' ? 'B' : 'A'}${data.slice(1)}`;
    expect(() => openText(key, 'company-a', [version, iv, tag, flipped].join('.'))).toThrow();
    expect(() => openText(key, 'company-a', 'v0.a.b.c')).toThrow('Unknown sealed secret format');
  });

  it('takes a 32-byte key only', () => {
    expect(() => parseKey('abcd')).toThrow('CREDENTIALS_KEY must be 32 bytes');
  });
});
