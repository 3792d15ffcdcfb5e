import type { Module } from '@caudal/contract';
import type { Db } from '../../db/database';
import { AppError } from '../app-error';
import type { Actor } from '../auth/actor';
import { toModules } from '../auth/actor';
import { parseBearer } from '../auth/bearer';
import { isUuid } from '../secure-tokens';
import { secretIdOf } from './application-secrets';
import { verifyDataApiToken } from './data-api-token';

/** The application a data-API request runs for. */
export interface ApplicationCaller {
  applicationId: string;
  clientId: string;
  name: string;
  companyId: string;
  modules: Module[];
}

/**
 * The token names an application and the client secret it was minted from; the row decides whether
 * both still hold. Read on every request, never cached, so deleting an application (or taking the
 * applications module away, or retiring the secret: a rotation with overlap 0, or its overlap's end)
 * ends its tokens at once.
 */
export async function authenticateApplication(
  deps: { db: Db; dataApiKey: Uint8Array; now: Date },
  authorization: string | undefined,
): Promise<ApplicationCaller> {
  const token = parseBearer(authorization);
  if (!token) throw new AppError('Unauthorized', 'A Bearer token from the token endpoint is required');
  const check = await verifyDataApiToken(token, deps.dataApiKey, deps.now);
  if (!check.ok) {
    throw new AppError(
      'Unauthorized',
      check.reason === 'expired' ? 'The token has expired' : 'The token is not valid',
    );
  }
  const { applicationId, companyId, clientId, secretId } = check.claims;
  if (!isUuid(applicationId)) throw new AppError('Unauthorized', 'The token is not valid');
  const row = await deps.db
    .selectFrom('applications')
    .innerJoin('companies', 'companies.id', 'applications.company_id')
    .select([
      'applications.id',
      'applications.name',
      'applications.client_id',
      'applications.company_id',
      'applications.secret_hash',
      'applications.previous_secret_hash',
      'applications.previous_secret_expires_at',
      'companies.modules',
      'companies.disabled_at as companyDisabledAt',
    ])
    .where('applications.id', '=', applicationId)
    .executeTakeFirst();
  if (!row || row.company_id !== companyId || row.client_id !== clientId) {
    throw new AppError('Unauthorized', 'The application no longer exists');
  }
  if (!isSecretLive(row, secretId, deps.now)) {
    throw new AppError('Unauthorized', 'The client secret this token was issued for was rotated out');
  }
  if (row.companyDisabledAt) throw new AppError('Unauthorized', 'The company is disabled');
  const modules = toModules(row.modules);
  if (!modules.includes('applications')) {
    throw new AppError('Unauthorized', 'The company no longer has the applications module');
  }
  return {
    applicationId: row.id,
    clientId: row.client_id,
    name: row.name,
    companyId: row.company_id,
    modules,
  };
}

/** The current secret, or the one the last rotation replaced while its overlap lasts (as the token endpoint). */
function isSecretLive(
  row: { secret_hash: string; previous_secret_hash: string | null; previous_secret_expires_at: Date | null },
  secretId: string,
  now: Date,
): boolean {
  if (secretIdOf(row.secret_hash) === secretId) return true;
  const { previous_secret_hash: previous, previous_secret_expires_at: expiresAt } = row;
  if (previous === null || expiresAt === null || expiresAt.getTime() <= now.getTime()) return false;
  return secretIdOf(previous) === secretId;
}

/**
 * The scope the feature repositories take. An application reads its whole company, as staff do; it is
 * no user, so the user and session fields name the application itself and nothing may write with them.
 */
export function toApplicationScope(caller: ApplicationCaller): Actor {
  return {
    userId: caller.applicationId,
    companyId: caller.companyId,
    kind: 'staff',
    role: null,
    modules: caller.modules,
    permissions: [],
    sessionId: caller.applicationId,
    clientIds: null,
    profile: { username: caller.clientId, name: caller.name, email: null, companyName: '' },
  };
}
