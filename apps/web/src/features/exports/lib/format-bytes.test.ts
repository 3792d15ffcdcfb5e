import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it('spells bytes out with the right plural in English', () => {
    expect(formatBytes(121, 'en')).toBe('121 bytes');
    expect(formatBytes(1, 'en')).toBe('1 byte');
    expect(formatBytes(0, 'en')).toBe('0 bytes');
    expect(formatBytes(1023, 'en')).toBe('1,023 bytes');
  });

  it('spells bytes out with the right plural in Spanish, grouped as the portal groups numbers', () => {
    expect(formatBytes(121, 'es')).toBe('121 bytes');
    expect(formatBytes(1, 'es')).toBe('1 byte');
    expect(formatBytes(1023, 'es')).toBe('1.023 bytes');
  });

  it('shows larger sizes in kB and MB with one decimal in the locale', () => {
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
    expect(formatBytes(1536, 'es')).toBe('1,5 kB');
    expect(formatBytes(1024 * 1024, 'es')).toBe('1 MB');
  });
});
