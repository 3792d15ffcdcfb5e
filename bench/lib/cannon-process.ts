// autocannon in a process of its own: reads { url, headers, body, connections, warmUpSeconds, seconds }
// as JSON on stdin, runs an unrecorded warm-up then the measured run, prints a Measurement as JSON (or
// exits 1 on any non-2xx answer or error). So the load generator does not share the measured server's
// event loop (in-process it took ~11 % of the API's CPU in the me-overhead profile, and none of the
// floor's, which runs in its own process).
import autocannon from 'autocannon';

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
await autocannon({ ...options, duration: input.warmUpSeconds });
const result = await autocannon({ ...options, duration: input.seconds });
if (result.non2xx > 0 || result.errors > 0) {
  process.stderr.write(`${input.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors\n`);
  process.exit(1);
}
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
  }),
);
