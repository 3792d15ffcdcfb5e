// The list floor's request and the loop that drives it, whatever runs the SQL: a `pg` pool in a process
// of its own on PostgreSQL (bare-sql-process.ts), the API's own PGlite executor in this process on PGlite
// (bare-sql-run.ts). One request is the token verified as the guard verifies it (floor-guard.ts), the
// guard's session join and its row checks, then the call's statement groups in order (the statements of
// a group concurrently, as the repository runs them). Nothing of the API is imported.
import { type CpuSpent, cpuSince } from './cpu-account';
import { createFloorGuard } from './floor-guard';

export interface FloorStatement {
  sql: string;
  parameters: readonly unknown[];
}

/** Runs one statement and answers its rows. */
export type RunSql = (text: string, parameters: readonly unknown[]) => Promise<Record<string, unknown>[]>;

export interface FloorInput {
  token: string;
  secret: string;
  idleMinutes: number;
  session: FloorStatement;
  groups: readonly (readonly FloorStatement[])[];
  connections: number;
  warmUpSeconds: number;
  seconds: number;
}

export interface FloorMeasurement {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  /** This process's CPU over warm-up and run, and the requests of both. */
  cpu: CpuSpent;
}

export async function measureFloor(runSql: RunSql, input: FloorInput): Promise<FloorMeasurement> {
  const guard = await createFloorGuard(input);
  const runOnce = async () => {
    const claims = await guard.verify(input.token);
    if (!claims) throw new Error('The floor refused the bench token');
    const [session] = await runSql(input.session.sql, input.session.parameters);
    if (!guard.isAlive(session, claims)) throw new Error('The floor found the bench session dead');
    for (const group of input.groups) {
      await Promise.all(group.map((statement) => runSql(statement.sql, statement.parameters)));
    }
  };
  const drive = async (seconds: number): Promise<number[]> => {
    const latencies: number[] = [];
    const stopAt = performance.now() + seconds * 1000;
    const worker = async () => {
      while (performance.now() < stopAt) {
        const t0 = performance.now();
        await runOnce();
        latencies.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: input.connections }, worker));
    return latencies;
  };
  const cpuAtStart = process.cpuUsage();
  const warm = await drive(input.warmUpSeconds);
  const latencies = (await drive(input.seconds)).sort((a, b) => a - b);
  const at = (fraction: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * fraction))] ?? Number.NaN;
  return {
    rps: latencies.length / input.seconds,
    p50: Number(at(0.5).toFixed(2)),
    p99: Number(at(0.99).toFixed(2)),
    total: latencies.length,
    cpu: cpuSince(cpuAtStart, warm.length + latencies.length),
  };
}
