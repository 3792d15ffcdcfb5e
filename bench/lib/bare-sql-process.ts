// The list floor in a process of its own: node-postgres and jose, nothing of the API loaded, so the
// figure is what the work one answer needs costs, not what the measuring process adds. One request is:
// the token verified as the guard verifies it (floor-guard.ts), the guard's session join and its row
// checks, then the call's statement groups in order (the statements of a group concurrently, as the
// repository runs them). Reads { databaseUrl, token, secret, idleMinutes, session, groups, connections,
// warmUpSeconds, seconds } as JSON on stdin, prints a Measurement.
import pg from 'pg';
import { cpuSince } from './cpu-account';
import { createFloorGuard } from './floor-guard';

interface Statement {
  sql: string;
  parameters: unknown[];
}

interface Input {
  databaseUrl: string;
  token: string;
  secret: string;
  idleMinutes: number;
  session: Statement;
  groups: Statement[][];
  connections: number;
  warmUpSeconds: number;
  seconds: number;
}

let text = '';
for await (const chunk of process.stdin) text += chunk;
const input = JSON.parse(text) as Input;
const pool = new pg.Pool({ connectionString: input.databaseUrl, max: input.connections });
const guard = await createFloorGuard(input);

async function runOnce() {
  const claims = await guard.verify(input.token);
  if (!claims) throw new Error('The floor refused the bench token');
  const { rows } = await pool.query(input.session.sql, input.session.parameters);
  if (!guard.isAlive(rows[0], claims)) throw new Error('The floor found the bench session dead');
  for (const group of input.groups) {
    await Promise.all(group.map((statement) => pool.query(statement.sql, statement.parameters)));
  }
}

async function drive(seconds: number): Promise<number[]> {
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
}

const at = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;

const cpuAtStart = process.cpuUsage();
const warm = await drive(input.warmUpSeconds);
const latencies = (await drive(input.seconds)).sort((a, b) => a - b);
await pool.end();
process.stdout.write(
  JSON.stringify({
    rps: latencies.length / input.seconds,
    p50: Number(at(latencies, 0.5).toFixed(2)),
    p99: Number(at(latencies, 0.99).toFixed(2)),
    total: latencies.length,
    cpu: cpuSince(cpuAtStart, warm.length + latencies.length),
  }),
);
