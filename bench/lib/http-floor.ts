// Starts list-floor-server.ts as a child process for one scenario and measures it with autocannon from
// its own process, adding the server's CPU over the round (HTTP_FLOOR=1, scenario.ts).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { measureCallFromOwnProcess } from './api';
import type { FloorAccess } from './bare-sql-run';
import { postgresCpuMs, processCpuMs } from './cpu-account';
import type { Statement } from './sql-load';

export interface HttpFloor {
  measure(): ReturnType<typeof measureHttpFloor>;
  close(): Promise<void>;
}

async function measureHttpFloor(base: string, pid: number, token: string) {
  const serverStart = processCpuMs(pid);
  const postgresStart = postgresCpuMs();
  const measured = await measureCallFromOwnProcess(base, token, '/bench/list', {});
  return {
    ...measured,
    serverCpuMs: processCpuMs(pid) - serverStart,
    postgresCpuMs: postgresCpuMs() - postgresStart,
  };
}

export function startHttpFloor(
  databaseUrl: string,
  access: FloorAccess,
  groups: readonly (readonly Statement[])[],
): Promise<HttpFloor> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'list-floor-server.ts')],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  child.stdin.end(JSON.stringify({ databaseUrl, ...access, groups }));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the HTTP floor process exited (${code})`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      const { base } = JSON.parse(line) as { base: string };
      resolve({
        measure: () => measureHttpFloor(base, child.pid ?? 0, access.token),
        close: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
