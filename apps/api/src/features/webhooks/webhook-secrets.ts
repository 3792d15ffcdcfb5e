import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { openText, type SecretKey, sealText } from '../../shared/crypto/sealing';

/** 256 random bits, in the Standard Webhooks form receivers' libraries take as is. */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** Sealed with the endpoint as context: a sealed secret moved to another row does not open. */
const contextOf = (endpointId: string) => `webhook-endpoint:${endpointId}`;

export function sealSigningSecret(key: SecretKey, endpointId: string, secret: string): string {
  return sealText(key, contextOf(endpointId), secret);
}

export function openSigningSecret(key: SecretKey, endpointId: string, sealed: string): string {
  return openText(key, contextOf(endpointId), sealed);
}

/** The secrets that sign now: the current one, and the rotated-out one until its overlap ends. */
export function activeSecrets(
  key: SecretKey,
  endpoint: {
    id: string;
    secret_sealed: string;
    previous_secret_sealed: string | null;
    previous_secret_expires_at: Date | null;
  },
  now: Date,
): string[] {
  const secrets = [openSigningSecret(key, endpoint.id, endpoint.secret_sealed)];
  if (
    endpoint.previous_secret_sealed &&
    endpoint.previous_secret_expires_at &&
    endpoint.previous_secret_expires_at.getTime() > now.getTime()
  ) {
    secrets.push(openSigningSecret(key, endpoint.id, endpoint.previous_secret_sealed));
  }
  return secrets;
}

/**
 * The Standard Webhooks headers, signed by the library: during an overlap `webhook-signature` carries
 * one `v1,…` per secret, space-separated, and a receiver with either secret verifies it.
 */
export function signDelivery(eventId: string, body: string, secrets: readonly string[], at: Date) {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(eventId, at, body));
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
