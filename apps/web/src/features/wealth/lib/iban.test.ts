import { describe, expect, it } from 'vitest';
import { maskedIban } from './iban';

describe('maskedIban', () => {
  it('masks an IBAN to its last four characters', () => {
    expect(maskedIban('ES64 0081 8217 6041 5942 5348')).toBe('…\u20605348');
    expect(maskedIban(null)).toBeNull();
    expect(maskedIban('12')).toBeNull();
  });
});
