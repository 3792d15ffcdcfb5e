import { AppError } from '../../shared/app-error';
import { type AddressPolicy, isAddressAllowed, literalAddressOf } from './address-guard';

export interface UrlPolicy extends AddressPolicy {
  /** Development only (WEBHOOKS_ALLOW_HTTP): plain http. */
  allowHttp: boolean;
}

/**
 * Why a webhook URL is refused, or null: https only (http when allowed), no user:password, no
 * localhost names, and a literal address must be allowed. A name is checked again, on what it
 * resolves to, at every delivery (address-guard.ts).
 */
export function findUrlRefusal(raw: string, policy: UrlPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:')) return 'scheme';
  if (url.username || url.password) return 'userinfo';
  // A fully qualified name's trailing dot names the same host (`localhost.` is localhost).
  const host = url.hostname.toLowerCase().replace(/\.+$/, '');
  const literal = literalAddressOf(url);
  if (literal) return isAddressAllowed(literal, policy) ? null : 'address';
  if (!policy.allowLoopback && (host === 'localhost' || host.endsWith('.localhost'))) return 'address';
  if (!host.includes('.') && host !== 'localhost') return 'address';
  return null;
}

/** The URL as stored (the parser's normal form), or `WebhookUrlRefused`. */
export function acceptEndpointUrl(raw: string, policy: UrlPolicy): string {
  const refusal = findUrlRefusal(raw, policy);
  if (refusal) throw new AppError('WebhookUrlRefused', `The webhook URL is refused (${refusal})`);
  return new URL(raw).toString();
}
