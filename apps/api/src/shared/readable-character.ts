const NAMED: Record<string, string> = {
  ' ': 'a space',
  '\u00a0': 'a non-breaking space',
  '\t': 'a tab',
  '\n': 'a line break',
  '\r': 'a line break',
};

/**
 * A refused character as an English sentence reads it (the operator's command line): visible ones
 * quoted ("<"), blanks named ("a tab"), other invisible ones by code point ("the invisible character
 * U+200D"). The portal says the same in its language (web `shared/forms/readable-character.ts`).
 */
export function readableCharacter(character: string): string {
  const named = NAMED[character];
  if (named) return named;
  const code = `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  if (/^[\p{C}\p{Z}]$/u.test(character)) return `the invisible character ${code}`;
  return `"${character}" (${code})`;
}
