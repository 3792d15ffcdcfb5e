import { describe, expect, it } from 'vitest';
import { parseBearer } from './bearer';

describe('parseBearer', () => {
  it('reads the scheme in any case, and the token as sent', () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      expect(parseBearer(`${scheme} abc.DEF-123_~+/=`)).toBe('abc.DEF-123_~+/=');
    }
  });

  it('refuses another scheme, a missing token, or anything after the token', () => {
    for (const header of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      'Basic abc',
      'Bearerabc',
      'Bearer a b',
      'Bearer a\n',
    ]) {
      expect(parseBearer(header)).toBeNull();
    }
  });
});
