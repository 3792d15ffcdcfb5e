import type { CredentialSecret } from '../../engine/connectors';
import { openText, type SecretKey, sealText } from '../../shared/crypto/sealing';

/** A bank login sealed for its company (the stored format, `{u, p}` in JSON, predates the shared sealing). */
export function sealCredentialSecret(key: SecretKey, companyId: string, secret: CredentialSecret): string {
  return sealText(key, companyId, JSON.stringify({ u: secret.username, p: secret.password }));
}

/** Throws when the value was tampered with, sealed with another key, or for another company. */
export function openCredentialSecret(key: SecretKey, companyId: string, sealed: string): CredentialSecret {
  const parsed = JSON.parse(openText(key, companyId, sealed)) as { u: string; p: string };
  return { username: parsed.u, password: parsed.p };
}
