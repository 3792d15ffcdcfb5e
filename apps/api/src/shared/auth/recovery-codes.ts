import { randomBytes } from 'node:crypto';
import { hashToken } from '../secure-tokens';

export const RECOVERY_CODE_COUNT = 10;
/** 136 bits each: 28 base32 characters, shown in groups of five. */
const CODE_BYTES = 17;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function toBase32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Ten fresh codes as the user is shown them (once), e.g. `ABCDE-FGHIJ-…`. */
export function createRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    (toBase32(randomBytes(CODE_BYTES)).match(/.{1,5}/g) ?? []).join('-'),
  );
}

/** Case, spaces and dashes as typed do not matter: the hash is of the bare code. */
export function hashRecoveryCode(code: string): string {
  return hashToken(code.replace(/[\s-]+/g, '').toUpperCase());
}
