// The list floor with the API's concurrency and duration. On PostgreSQL: lib/bare-sql-process.ts
// (node-postgres and jose only, no API code loaded) as a child process. On PGlite, which one process
// owns: the same loop in this process, through the handle's executor (the API's own mutex and prepared
// statements, without Kysely or anything else of the API), while the API is idle between its rounds.
import type { SqlExecutor } from '../../apps/api/src/db/database';
import { findSessionWithUser } from '../../apps/api/src/shared/auth/session-store';
import { CONNECTIONS, DURATION_SECONDS, type Measurement, type RunningApi, WARM_UP_SECONDS } from './api';
import { captureStatements, type StatementSource } from './capture';
import { measureFloor } from './floor-loop';
import { runMeasurementProcess } from './measurement-process';
import { type Statement, sqlRunnerOf } from './sql-load';

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
  source: StatementSource,
  token: string,
): Promise<FloorAccess> {
  const sessionId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'))
    .sid as string;
  const [[session]] = (await captureStatements(source, (db) => findSessionWithUser(db, sessionId))) as [
    [Statement],
  ];
  return {
    token,
    secret: new TextDecoder().decode(api.app.deps.tokenSecret),
    idleMinutes: api.app.deps.config.sessionIdleMinutes,
    session,
  };
}

/** The floor on the database the statements came from: its own process on PostgreSQL, this one on PGlite. */
export function measureFloorOn(
  source: StatementSource,
  access: FloorAccess,
  groups: readonly (readonly Statement[])[],
): Promise<Measurement> {
  return typeof source === 'string'
    ? measureBareInOwnProcess(source, access, groups)
    : measureBareInProcess(source, access, groups);
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

export function measureBareInProcess(
  executor: SqlExecutor,
  access: FloorAccess,
  groups: readonly (readonly Statement[])[],
): Promise<Measurement> {
  return measureFloor(sqlRunnerOf(executor), {
    ...access,
    groups,
    connections: CONNECTIONS,
    warmUpSeconds: WARM_UP_SECONDS,
    seconds: DURATION_SECONDS,
  });
}
