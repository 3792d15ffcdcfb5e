import { describe, expect, it } from 'vitest';
import { byteLength, encodeBase64 } from './base64';

describe('encodeBase64', () => {
  it('encodes the UTF-8 bytes, as the server decodes them', () => {
    const text = '.x::before { content: "Añade — ✓" }';
    expect(encodeBase64(text)).toBe(Buffer.from(text, 'utf8').toString('base64'));
    expect(byteLength(text)).toBe(Buffer.byteLength(text, 'utf8'));
  });

  it('handles 64 KB and more without overflowing the stack', () => {
    const text = 'a{color:red}\n'.repeat(10_000);
    expect(encodeBase64(text)).toBe(Buffer.from(text, 'utf8').toString('base64'));
  });
});
