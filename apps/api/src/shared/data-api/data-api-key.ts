import type { FastifyInstance } from 'fastify';
import { deriveDataApiKey } from './data-api-token';

const keys = new WeakMap<FastifyInstance, Uint8Array>();

/** The app's data-API signing key, derived once from its token secret. */
export function dataApiKeyOf(app: FastifyInstance): Uint8Array {
  let key = keys.get(app);
  if (!key) {
    key = deriveDataApiKey(app.deps.tokenSecret);
    keys.set(app, key);
  }
  return key;
}
