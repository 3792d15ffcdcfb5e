import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import { findOrCreateSetting } from '../settings';

/**
 * Secrets at rest (bank credentials today; 2FA keys and webhook secrets next): AES-256-GCM, a fresh
 * 96-bit IV per seal, the owner's id as additional data. Format `v1.<iv>.<tag>.<data>` (base64url).
 * The key comes from CREDENTIALS_KEY, or is generated once and kept in app_settings.
 */
const VERSION = 'v1';
const SETTING_KEY = 'credentials_key';

export type SecretKey = Buffer & { readonly __secretKey: unique symbol };

const keys = new WeakMap<Db, Promise<SecretKey>>();

/** The key for this database, loaded once per process. */
export function loadSecretKey(db: Db, configured: string | null): Promise<SecretKey> {
  const cached = keys.get(db);
  if (cached) return cached;
  const loading = (async () =>
    parseKey(
      configured ?? (await findOrCreateSetting(db, SETTING_KEY, () => randomBytes(32).toString('base64url'))),
    ))();
  loading.catch(() => keys.delete(db));
  keys.set(db, loading);
  return loading;
}

export function parseKey(text: string): SecretKey {
  const value = text.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64url');
  if (bytes.length !== 32) throw new Error('CREDENTIALS_KEY must be 32 bytes (hex or base64)');
  return bytes as SecretKey;
}

/**
 * Seals a text for one context (a company id, a user id...): the context is the additional data, so a
 * value copied to another tenant's or user's row does not open.
 */
export function sealText(key: SecretKey, context: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Throws when the value was tampered with, sealed with another key, or for another context. */
export function openText(key: SecretKey, context: string, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined)
    throw new Error('Unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
