/** OWASP's CSV injection rule: a cell starting with one of these may be run as a formula by Excel. */
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r']);

/** Text cells only: a leading apostrophe makes spreadsheets show the text as text, never evaluate it. */
export function neutraliseFormula(text: string): string {
  return text.length > 0 && FORMULA_STARTS.has(text.charAt(0)) ? `'${text}` : text;
}
