import { VALIDATION } from '@caudal/contract';
import type { Config } from '../../config';
import { AppError } from '../../shared/http/app-error';

/**
 * A connect flow sends the visitor back to `redirect_uri`: a path, or a URL on one of our own origins
 * (PUBLIC_URL, REDIRECT_BASE_URL). Anything else would make us an open redirect. Returns the absolute
 * URL to send the visitor to (paths resolve against REDIRECT_BASE_URL).
 */
export function resolveRedirectUri(config: Config, value: string, field = 'redirect_uri'): string {
  const reject = () =>
    new AppError('ValidationError', 'redirect_uri must be a path or one of our origins', [
      { path: [field], message: VALIDATION.url },
    ]);
  // Browsers read `/\evil.test` as `//evil.test`; control characters and spaces have no place here.
  if (
    value.includes('\\') ||
    [...value].some((char) => char.charCodeAt(0) <= 0x20 || char.charCodeAt(0) === 0x7f)
  ) {
    throw reject();
  }
  if (value.startsWith('/')) {
    if (value.startsWith('//')) throw reject();
    const origin = new URL(config.redirectBaseUrl).origin;
    const resolved = new URL(value, origin);
    if (resolved.origin !== origin) throw reject();
    return resolved.toString();
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw reject();
  }
  const allowed = new Set([new URL(config.publicUrl).origin, new URL(config.redirectBaseUrl).origin]);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) throw reject();
  if (!allowed.has(url.origin)) throw reject();
  return url.toString();
}

/** The URL the visitor returns to: the redirect with the `fromlink` marker and the credentials token. */
export function buildReturnUrl(redirect: string, credentialsToken: string): string {
  const url = new URL(redirect);
  url.searchParams.set('fromlink', 'true');
  url.searchParams.set('credentials_token', credentialsToken);
  return url.toString();
}
