// Runs lib/bare-sql-process.ts (node-postgres only, no API code loaded) as a child process with the
// API's concurrency and duration, and answers its Measurement.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { CONNECTIONS, DURATION_SECONDS, type Measurement, WARM_UP_SECONDS } from './api';
import type { Statement } from './sql-load';

export function measureBareInOwnProcess(
  databaseUrl: string,
  groups: readonly (readonly Statement[])[],
): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'bare-sql-process.ts')],
      {
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as Measurement)
        : reject(new Error(`bare SQL process exited ${code}`)),
    );
    child.stdin.end(
      JSON.stringify({
        databaseUrl,
        groups,
        connections: CONNECTIONS,
        warmUpSeconds: WARM_UP_SECONDS,
        seconds: DURATION_SECONDS,
      }),
    );
  });
}
