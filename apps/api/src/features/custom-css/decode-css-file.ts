import { CUSTOM_CSS_MAX_BYTES } from '@caudal/contract';
import { AppError } from '../../shared/app-error';

/** Strict standard base64 (padding included), so a typo is refused instead of silently decoded to junk. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * `file` of set-custom-css (spec section 7: base64 of the CSS) to the CSS text. Refuses what is not
 * base64 or not UTF-8 text (InvalidBase64) and anything over 64 KB (CustomCssTooLarge), checked on the
 * length first so an oversized body is never decoded.
 */
export function decodeCssFile(file: string): string {
  const compact = file.replace(/[\r\n]/g, '');
  if (Math.floor((compact.length * 3) / 4) - 2 > CUSTOM_CSS_MAX_BYTES) {
    throw new AppError('CustomCssTooLarge', `The CSS is over ${CUSTOM_CSS_MAX_BYTES} bytes`);
  }
  if (!BASE64.test(compact)) throw new AppError('InvalidBase64', 'file is not base64');
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length > CUSTOM_CSS_MAX_BYTES) {
    throw new AppError('CustomCssTooLarge', `The CSS is over ${CUSTOM_CSS_MAX_BYTES} bytes`);
  }
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw new AppError('InvalidBase64', 'file is not base64 of UTF-8 text');
  }
  // PostgreSQL text cannot hold U+0000, and no stylesheet needs it.
  if (text.includes('\u0000')) throw new AppError('InvalidBase64', 'file holds a NUL character');
  // A byte-order mark is an encoding artefact, not CSS.
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}
