/**
 * ISO 6166 ISINs: two-letter country, nine alphanumerics, one Luhn check digit computed
 * after expanding letters to numbers (A=10 … Z=35). Used to prove the instrument
 * catalogue only holds well-formed codes.
 */

const ISIN_SHAPE = /^[A-Z]{2}[A-Z0-9]{9}\d$/;

function expandLetters(value: string): string {
  let out = '';
  for (const char of value) out += /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
  return out;
}

/** The check digit for the first eleven characters of an ISIN. */
export function isinCheckDigit(firstEleven: string): number {
  const body = firstEleven.toUpperCase();
  if (!/^[A-Z]{2}[A-Z0-9]{9}$/.test(body)) throw new Error('an ISIN body is 2 letters and 9 alphanumerics');
  const digits = expandLetters(body);
  let sum = 0;
  // Luhn: double every second digit counting from the right, where the check digit will go.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let value = Number(digits[i]);
    if (double) {
      value *= 2;
      if (value > 9) value -= 9;
    }
    sum += value;
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidIsin(isin: string): boolean {
  if (!ISIN_SHAPE.test(isin)) return false;
  return isinCheckDigit(isin.slice(0, 11)) === Number(isin[11]);
}
