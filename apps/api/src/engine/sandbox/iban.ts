/**
 * Spanish account numbers. A sandbox IBAN must pass the same checks a real bank form
 * applies (both CCC control digits and ISO 13616 mod-97), or the portal's validation and
 * any downstream export would reject the demo data.
 */

const CCC_WEIGHTS = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6] as const;

/** One Spanish control digit over exactly ten digits (mod 11, with 10 → 1 and 11 → 0). */
function cccDigit(tenDigits: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(tenDigits[i]) * (CCC_WEIGHTS[i] as number);
  const digit = 11 - (sum % 11);
  if (digit === 11) return 0;
  if (digit === 10) return 1;
  return digit;
}

/** The two CCC control digits: the first covers bank + branch, the second the account number. */
export function cccControlDigits(bank: string, branch: string, account: string): string {
  return `${cccDigit(`00${bank}${branch}`)}${cccDigit(account)}`;
}

function assertDigits(value: string, length: number, what: string): void {
  if (!new RegExp(`^\\d{${length}}$`).test(value)) throw new Error(`${what} must be ${length} digits`);
}

/** The 20-digit Código Cuenta Cliente. */
export function buildCcc(bank: string, branch: string, account: string): string {
  assertDigits(bank, 4, 'bank code');
  assertDigits(branch, 4, 'branch code');
  assertDigits(account, 10, 'account number');
  return `${bank}${branch}${cccControlDigits(bank, branch, account)}${account}`;
}

/** Remainder of a long digit string mod 97, chunked because it exceeds Number precision. */
function mod97(digits: string): number {
  let remainder = 0;
  for (let i = 0; i < digits.length; i += 7) remainder = Number(`${remainder}${digits.slice(i, i + 7)}`) % 97;
  return remainder;
}

/** Letters become 10–35 (A=10 … Z=35), as ISO 13616 prescribes. */
function lettersToDigits(value: string): string {
  let out = '';
  for (const char of value) out += /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
  return out;
}

export function ibanCheckDigits(country: string, bban: string): string {
  const remainder = mod97(lettersToDigits(`${bban}${country}00`));
  return String(98 - remainder).padStart(2, '0');
}

export function buildSpanishIban(bank: string, branch: string, account: string): string {
  const ccc = buildCcc(bank, branch, account);
  return `ES${ibanCheckDigits('ES', ccc)}${ccc}`;
}

/** Electronic format: no spaces, upper case. */
export function normalizeIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/**
 * ISO 13616 check for any country; Spanish IBANs (ES + 22 digits) must also carry correct
 * CCC control digits, which catches typos mod-97 alone can miss.
 */
export function isValidIban(iban: string): boolean {
  const value = normalizeIban(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(value)) return false;
  if (mod97(lettersToDigits(`${value.slice(4)}${value.slice(0, 4)}`)) !== 1) return false;
  if (value.startsWith('ES')) {
    if (!/^ES\d{22}$/.test(value)) return false;
    const ccc = value.slice(4);
    return ccc.slice(8, 10) === cccControlDigits(ccc.slice(0, 4), ccc.slice(4, 8), ccc.slice(10));
  }
  return true;
}

/** Paper format: groups of four, as bank statements print it. */
export function formatIban(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}
