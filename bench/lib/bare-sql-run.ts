// Runs lib/bare-sql-process.ts (node-postgres and jose only, no API code loaded) as a child process with
// the API's concurrency and duration, and answers its Measurement.
import { findSessionWithUser } from '../../apps/api/src/shared/auth/session-store';
import { CONNECTIONS, DURATION_SECONDS, type Measurement, type RunningApi, WARM_UP_SECONDS } from './api';
import { captureStatements } from './capture';
import { runMeasurementProcess } from './measurement-process';
import type { Statement } from './sql-load';

/** What the floor needs to check a call as the guard does: the token, its secret, the session join. */
export interface FloorAccess {
  token: string;
  secret: string;
  idleMinutes: number;
  session: Statement;
}

/** The bench user's token, the API's secret and idle limit, and the guard's join exactly as the API sends it. */
export async function floorAccessOf(
  api: RunningApi,
  databaseUrl: string,
  token: string,
): Promise<FloorAccess> {
  const sessionId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'))
    .sid as string;
  const [[session]] = (await captureStatements(databaseUrl, (db) => findSessionWithUser(db, sessionId))) as [
    [Statement],
  ];
  return {
    token,
    secret: new TextDecoder().decode(api.app.deps.tokenSecret),
    idleMinutes: api.app.deps.config.sessionIdleMinutes,
    session,
  };
}

export function measureBareInOwnProcess(
  databaseUrl: string,
  access: FloorAccess,
  groups: readonly (readonly Statement[])[],
): Promise<Measurement> {
  return runMeasurementProcess<Measurement>(
    'bare-sql-process.ts',
    {
      databaseUrl,
      ...access,
      groups,
      connections: CONNECTIONS,
      warmUpSeconds: WARM_UP_SECONDS,
      seconds: DURATION_SECONDS,
    },
    'bare SQL',
  );
}
