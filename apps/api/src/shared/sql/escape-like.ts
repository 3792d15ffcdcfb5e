/** `%`, `_` and `\` are wildcards or the escape in LIKE: a search for them means the characters. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}
