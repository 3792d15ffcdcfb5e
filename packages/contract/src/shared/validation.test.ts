import { describe, expect, it } from 'vitest';
import {
  COMPANY_NAME_CHARACTERS,
  findInvalidCharacter,
  isStrongPassword,
  LIMITS,
  NAME_CHARACTERS,
  USERNAME_CHARACTERS,
  VALIDATION,
  zDateRange,
  zEmail,
  zPasswordPair,
  zSearch,
  zText,
  zUrl,
} from './validation';

const firstIssue = (result: {
  success: boolean;
  error?: { issues: { message: string; params?: unknown }[] };
}) => result.error?.issues[0];

describe('zText', () => {
  const name = zText({ max: 5, min: 2, allowed: NAME_CHARACTERS });

  it('requires a value', () => {
    expect(firstIssue(name.safeParse(undefined))?.message).toBe(VALIDATION.required);
    expect(firstIssue(name.safeParse(''))?.message).toBe(VALIDATION.required);
  });

  it('rejects blank values', () => {
    expect(firstIssue(name.safeParse('   '))?.message).toBe(VALIDATION.blank);
  });

  it('names the first invalid character', () => {
    expect(firstIssue(name.safeParse('a<b'))).toMatchObject({
      message: VALIDATION.invalidCharacter,
      params: { character: '<' },
    });
  });

  it('bounds the length with the limit as a parameter', () => {
    expect(firstIssue(name.safeParse('a'))).toMatchObject({
      message: VALIDATION.minLength,
      params: { n: 2 },
    });
    expect(firstIssue(name.safeParse('abcdef'))).toMatchObject({
      message: VALIDATION.maxLength,
      params: { n: 5 },
    });
  });

  it('trims what it accepts', () => {
    expect(name.parse('  José ')).toBe('José');
  });
});

describe('name characters', () => {
  // Control (\p{Cc}) and invisible format (\p{Cf}) characters: a tab, a line break, NUL, the zero-width
  // joiner and space, the BOM, a bidi override. A name holding one cannot be typed at sign-in, and two
  // names that differ only by one look the same.
  const hidden = ['\t', '\n', '\u0000', '\u007f', '\u200d', '\u200b', '\ufeff', '\u202e', '\u2066', '\u00ad'];

  it('refuses control and invisible characters in every kind of name', () => {
    for (const allowed of [NAME_CHARACTERS, USERNAME_CHARACTERS, COMPANY_NAME_CHARACTERS]) {
      for (const character of hidden) {
        expect(
          findInvalidCharacter(`Ab${character}c`, allowed),
          `${allowed} U+${character.codePointAt(0)}`,
        ).toBe(character);
      }
    }
  });

  it('takes company names as people write them, with one kind of space', () => {
    for (const name of [
      'Demo Wealth',
      'Müller & Söhne, S.L.',
      'Caixa d’Estalvis · l·l',
      'A+B (Spain) #1!',
      '銀行',
    ]) {
      expect(findInvalidCharacter(name, COMPANY_NAME_CHARACTERS), name).toBeNull();
    }
    for (const blank of ['\u00a0', '\u2003', '\u3000', '\u2028']) {
      expect(findInvalidCharacter(`Demo${blank}Wealth`, COMPANY_NAME_CHARACTERS)).toBe(blank);
    }
  });
});

describe('composed text (NFC)', () => {
  // "Álvaro" as macOS or a PDF gives it: "A" and a combining acute accent.
  const decomposed = 'A\u0301lvaro';

  it('stores a decomposed name composed, so the accent-folding search finds it', () => {
    const name = zText({ max: 6, allowed: NAME_CHARACTERS });
    expect(name.parse(` ${decomposed} `)).toBe('Álvaro');
    // Counted as stored: six characters, not seven code points.
    expect(name.safeParse(decomposed).success).toBe(true);
  });

  it('composes a search the same way', () => {
    expect(zSearch().parse(` ${decomposed} `)).toBe('Álvaro');
  });
});

describe('the invalid character a message names', () => {
  it('is the whole emoji, not a fragment that renders as a box', () => {
    for (const emoji of ['👩‍💼', '🇪🇸', '👍🏽', '❤️', '1️⃣', '#️⃣']) {
      expect(findInvalidCharacter(`${emoji} Ana`, NAME_CHARACTERS), emoji).toBe(emoji);
    }
  });

  it('is the invisible one when it hides beside an allowed letter', () => {
    expect(findInvalidCharacter('Ab\u200dc', NAME_CHARACTERS)).toBe('\u200d');
  });
});

describe('zEmail and zUrl', () => {
  it('rejects malformed values', () => {
    expect(firstIssue(zEmail().safeParse('not-an-email'))?.message).toBe(VALIDATION.email);
    expect(firstIssue(zUrl().safeParse('javascript:alert(1)'))?.message).toBe(VALIDATION.url);
    expect(firstIssue(zUrl().safeParse('/link-callback'))?.message).toBe(VALIDATION.url);
  });

  it('accepts http(s) URLs, and own-origin paths only when asked', () => {
    expect(zUrl().parse('https://example.com/x')).toBe('https://example.com/x');
    expect(zUrl({ allowPath: true }).parse('/link-callback')).toBe('/link-callback');
    expect(zUrl({ allowPath: true }).safeParse('//evil.example').success).toBe(false);
  });
});

describe('password policy', () => {
  it.each([
    ['Abcdefg1', true],
    ['Abcdefg!', true],
    ['abcdefg1', false],
    ['ABCDEFG1', false],
    ['Abcdefgh', false],
    ['Abc1!', false],
  ])('%s → %s', (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
  });

  it('requires both passwords to match', () => {
    const result = zPasswordPair().safeParse({ password: 'Abcdefg1', confirmPassword: 'Abcdefg2' });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['confirmPassword'],
      message: VALIDATION.passwordsMatch,
    });
  });

  it('caps the length', () => {
    expect(isStrongPassword(`A1${'a'.repeat(LIMITS.password.max)}`)).toBe(true);
  });
});

describe('date range', () => {
  it('requires date from ≤ date to', () => {
    expect(
      zDateRange().safeParse({ date_from: '2025-02-01', date_to: '2025-01-31' }).error?.issues[0]?.message,
    ).toBe(VALIDATION.dateOrder);
    expect(zDateRange().safeParse({ date_from: '2025-01-31', date_to: '2025-01-31' }).success).toBe(true);
  });
});
