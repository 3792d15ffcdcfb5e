import { describe, expect, it, vi } from 'vitest';
import { connectRedirectUri, consumeFromLink, yieldNullOnFailure } from './connect-links';

describe('connectRedirectUri', () => {
  it('returns to the connections page in the language, with the fromlink marker', () => {
    expect(connectRedirectUri('https://portal.example', 'en')).toBe(
      'https://portal.example/en/wealth/connections?fromlink=true',
    );
    expect(connectRedirectUri('http://localhost:3600/', 'es')).toBe(
      'http://localhost:3600/es/wealth/connections?fromlink=true',
    );
  });
});

describe('consumeFromLink', () => {
  it('detects the marker and strips it with the credentials token', () => {
    const { connected, rest } = consumeFromLink(
      new URLSearchParams('fromlink=true&credentials_token=t1&x=1'),
    );
    expect(connected).toBe(true);
    expect(rest.toString()).toBe('x=1');
  });

  it('is not connected without the marker', () => {
    expect(consumeFromLink(new URLSearchParams('x=1')).connected).toBe(false);
    expect(consumeFromLink(new URLSearchParams('fromlink=false')).connected).toBe(false);
  });
});

describe('yieldNullOnFailure', () => {
  it('passes the answer through', async () => {
    await expect(yieldNullOnFailure('x', async () => 42)).resolves.toBe(42);
  });

  it('logs a failure and yields null', async () => {
    const log = vi.fn();
    const boom = new Error('boom');
    await expect(
      yieldNullOnFailure('create connect link', () => Promise.reject(boom), log),
    ).resolves.toBeNull();
    expect(log).toHaveBeenCalledWith('[connections] create connect link failed', boom);
  });
});
