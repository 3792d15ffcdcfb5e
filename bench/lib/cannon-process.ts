// autocannon in a process of its own: reads { url, headers, body, connections, warmUpSeconds, seconds }
// as JSON on stdin, runs an unrecorded warm-up then the measured run, prints a Measurement as JSON (or
// exits 1 on any non-2xx answer or error). So the load generator does not share the measured server's
// event loop (in-process it took ~11 % of the API's CPU in the me-overhead profile, and none of the
// floor's, which runs in its own process).
//
// p50 and p99 are taken from every 2xx answer's own duration (autocannon's `response` event, in
// fractional milliseconds), not from autocannon's histogram: that one records whole milliseconds,
// truncated, so a 7.9 ms call counted as 7 and the API's p50 read ~0.5 ms low beside a floor measured
// to the hundredth (bench/README.md, 2026-11-26 evening).
import autocannon from 'autocannon';
import { cpuSince } from './cpu-account';

let text = '';
for await (const chunk of process.stdin) text += chunk;
const input = JSON.parse(text) as {
  url: string;
  headers: Record<string, string>;
  body: string;
  connections: number;
  warmUpSeconds: number;
  seconds: number;
};
const options = {
  url: input.url,
  method: 'POST' as const,
  headers: input.headers,
  body: input.body,
  connections: input.connections,
};
// CPU of this process over warm-up and run, per request of both (the parent adds the server's and
// PostgreSQL's over the same span: scenario.ts).
const cpuAtStart = process.cpuUsage();
const warm = await autocannon({ ...options, duration: input.warmUpSeconds });
const latencies: number[] = [];
const run = autocannon({ ...options, duration: input.seconds });
run.on('response', (_client: unknown, statusCode: number, _bytes: number, milliseconds: number) => {
  if (statusCode >= 200 && statusCode < 300) latencies.push(milliseconds);
});
const result = await run;
latencies.sort((a, b) => a - b);
const at = (fraction: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * fraction))] ?? Number.NaN;
if (result.non2xx > 0 || result.errors > 0) {
  process.stderr.write(`${input.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors\n`);
  process.exit(1);
}
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    p50: Number(at(0.5).toFixed(2)),
    p99: Number(at(0.99).toFixed(2)),
    total: result.requests.total,
    cpu: cpuSince(cpuAtStart, warm.requests.total + result.requests.total),
  }),
);
