// Runs lib/bare-sql-process.ts (node-postgres only, no API code loaded) as a child process with the
// API's concurrency and duration, and answers its Measurement.
import { CONNECTIONS, DURATION_SECONDS, type Measurement, WARM_UP_SECONDS } from './api';
import { runMeasurementProcess } from './measurement-process';
import type { Statement } from './sql-load';

export function measureBareInOwnProcess(
  databaseUrl: string,
  groups: readonly (readonly Statement[])[],
): Promise<Measurement> {
  return runMeasurementProcess<Measurement>(
    'bare-sql-process.ts',
    {
      databaseUrl,
      groups,
      connections: CONNECTIONS,
      warmUpSeconds: WARM_UP_SECONDS,
      seconds: DURATION_SECONDS,
    },
    'bare SQL',
  );
}
