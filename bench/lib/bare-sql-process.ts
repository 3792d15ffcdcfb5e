// The bare-SQL floor in a process of its own: node-postgres and nothing else (no API code loaded), so
// the figure is what the database costs, not what the measuring process adds. Reads
// { databaseUrl, groups, connections, warmUpSeconds, seconds } as JSON on stdin, prints a Measurement.
import pg from 'pg';

interface Input {
  databaseUrl: string;
  groups: { sql: string; parameters: unknown[] }[][];
  connections: number;
  warmUpSeconds: number;
  seconds: number;
}

let text = '';
for await (const chunk of process.stdin) text += chunk;
const input = JSON.parse(text) as Input;
const pool = new pg.Pool({ connectionString: input.databaseUrl, max: input.connections });

async function runOnce() {
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

await drive(input.warmUpSeconds);
const latencies = (await drive(input.seconds)).sort((a, b) => a - b);
await pool.end();
process.stdout.write(
  JSON.stringify({
    rps: latencies.length / input.seconds,
    p50: Number(at(latencies, 0.5).toFixed(2)),
    p99: Number(at(latencies, 0.99).toFixed(2)),
    total: latencies.length,
  }),
);
