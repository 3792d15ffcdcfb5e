import { VALIDATION } from '@caudal/contract';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../shared/app-error';

/**
 * The origin the portal was opened on, when no public URL is configured (`config.allowsRequestOrigin`):
 * then the portal works on any host name (127.0.0.1, localhost, a LAN address). Null when URLs are
 * configured (they keep the strict checks) or the Host header is not a plain host.
 */
export function findRequestOrigin(
  config: Pick<Config, 'allowsRequestOrigin'>,
  request: Pick<FastifyRequest, 'protocol' | 'host'>,
): string | null {
  // A Host header with a path, credentials or other noise is not an origin we serve.
  if (!config.allowsRequestOrigin || !PLAIN_HOST.test(request.host ?? '')) return null;
  const candidate = `${request.protocol}://${request.host}`;
  return URL.canParse(candidate) ? new URL(candidate).origin : null;
}

/** `name[:port]` or `[ipv6][:port]`, nothing else. */
const PLAIN_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * A connect flow sends the visitor back to `redirect_uri`: a path, or a URL on one of our own origins
 * (PUBLIC_URL, REDIRECT_BASE_URL, and with no URL configured the origin the call came from). Anything
 * else would make us an open redirect. Returns the absolute URL to send the visitor to (paths resolve
 * against REDIRECT_BASE_URL, or the call's own origin when no URL is configured).
 */
export function resolveRedirectUri(
  config: Config,
  value: string,
  field = 'redirect_uri',
  requestOrigin: string | null = null,
): string {
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
    const origin = requestOrigin ?? new URL(config.redirectBaseUrl).origin;
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
  if (requestOrigin) allowed.add(requestOrigin);
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
