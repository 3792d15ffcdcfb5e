/** A translation function, as i18next's `t` is called by the form helpers. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

const NAMED: Record<string, string> = {
  ' ': 'validation.character.space',
  '\u00a0': 'validation.character.nbsp',
  '\t': 'validation.character.tab',
  '\n': 'validation.character.lineBreak',
  '\r': 'validation.character.lineBreak',
};

/**
 * The `{character}` of "Carácter inválido {character}" as a person can read it: a space printed as is
 * made the message end in nothing ("Carácter inválido "). Visible characters are quoted («<»), blanks
 * are named («espacio»), other invisible ones give their code point («carácter invisible U+200B»).
 */
export function readableCharacter(character: string, translate: Translate): string {
  const named = NAMED[character];
  if (named) return translate('validation.character.quoted', { character: translate(named) });
  if (/^[\p{C}\p{Z}]$/u.test(character)) {
    const code = `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
    return translate('validation.character.quoted', {
      character: translate('validation.character.invisible', { code }),
    });
  }
  return translate('validation.character.quoted', { character });
}
