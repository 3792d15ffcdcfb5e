import { platform, type RuntimeConfig } from '@caudal/contract/routes';
import { isRecord } from '../json/is-record';

type Fields = Record<string, unknown>;

function text(fields: Fields, key: string): string {
  const value = fields[key];
  if (typeof value !== 'string') throw new Error(`config.json: ${key} must be a string`);
  return value;
}

function integer(fields: Fields, key: string): number {
  const value = fields[key];
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw new Error(`config.json: ${key} must be an integer`);
  return value;
}

/** A nested object that may be null; `read` takes its fields. */
function nullable<T>(fields: Fields, key: string, read: (nested: Fields) => T): T | null {
  const value = fields[key];
  if (value === null) return null;
  if (!isRecord(value)) throw new Error(`config.json: ${key} must be an object or null`);
  return read(value);
}

/**
 * Checks `/config.json` against `ZRuntimeConfig` by hand (the portal's first screen loads no zod) and
 * keeps only its fields, as the schema would. Throws when it does not match: the bootstrap then shows the
 * configuration error page instead of a portal that fails later in odd places.
 */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!isRecord(value)) throw new Error('config.json: not an object');
  const authStrategy = platform.AUTH_STRATEGIES.find((strategy) => strategy === value.authStrategy);
  if (!authStrategy)
    throw new Error(`config.json: authStrategy must be one of ${platform.AUTH_STRATEGIES.join(', ')}`);
  return {
    apiBaseUrl: text(value, 'apiBaseUrl'),
    linkBaseUrl: text(value, 'linkBaseUrl'),
    redirectBaseUrl: text(value, 'redirectBaseUrl'),
    authStrategy,
    oidc: nullable(value, 'oidc', (oidc) => ({
      issuer: text(oidc, 'issuer'),
      clientId: text(oidc, 'clientId'),
      scope: text(oidc, 'scope'),
    })),
    providerName: text(value, 'providerName'),
    platformName: text(value, 'platformName'),
    rootRedirect: nullable(value, 'rootRedirect', (redirect) => ({
      to: text(redirect, 'to'),
      status: integer(redirect, 'status'),
    })),
    sessionIdleMinutes: integer(value, 'sessionIdleMinutes'),
  };
}
