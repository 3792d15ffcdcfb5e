import type { Module } from '@caudal/contract';
import type { Db } from '../../db/database';
import { AppError } from '../app-error';
import type { Actor } from '../auth/actor';
import { toModules } from '../auth/actor';
import { parseBearer } from '../auth/bearer';
import { isUuid } from '../secure-tokens';
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
 * The token names an application; its row decides whether it still exists. Read on every request, never
 * cached, so deleting an application (or taking the applications module away) ends its tokens at once.
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
  const { applicationId, companyId, clientId } = check.claims;
  if (!isUuid(applicationId)) throw new AppError('Unauthorized', 'The token is not valid');
  const row = await deps.db
    .selectFrom('applications')
    .innerJoin('companies', 'companies.id', 'applications.company_id')
    .select([
      'applications.id',
      'applications.name',
      'applications.client_id',
      'applications.company_id',
      'companies.modules',
      'companies.disabled_at as companyDisabledAt',
    ])
    .where('applications.id', '=', applicationId)
    .executeTakeFirst();
  if (!row || row.company_id !== companyId || row.client_id !== clientId) {
    throw new AppError('Unauthorized', 'The application no longer exists');
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
