// The audit benchmark's writers in a process of their own (forked with an IPC channel, started once
// and kept for every round, so its connections and JIT stay warm): the parent sends a round, as
// { base, path, writers, requests }; each writer edits its own client `requests` times in turn, all
// writers at once, over keep-alive connections; the answer is every edit's latency in milliseconds.
//
// In the parent's process the writers' `fetch` shared the API's event loop, counted as the API's CPU,
// and, while any audited call was in flight, paid the audit's async hook on each of its own promises
// (db/scoped-storage.ts): a cost of the benchmark, not of the event. Any answer but 2xx fails the round.
import { Agent, request } from 'node:http';

interface Round {
  base: string;
  path: string;
  writers: { token: string; clientId: string }[];
  requests: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function post(url: URL, token: string, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve();
          else reject(new Error(`${url.pathname}: ${status} ${text}`));
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function runRound(round: Round): Promise<number[]> {
  const url = new URL(round.path, round.base);
  const latencies: number[] = [];
  await Promise.all(
    round.writers.map(async (writer, index) => {
      for (let step = 0; step < round.requests; step++) {
        const body = JSON.stringify({
          client_id: writer.clientId,
          name: `Cliente ${index} ${step}`,
          alias: `bench-${writer.clientId.slice(0, 8)}-${step % 2}`,
          entities: [],
        });
        const started = performance.now();
        await post(url, writer.token, body);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

process.on('message', (round: Round) => {
  runRound(round).then(
    (latencies) => process.send?.({ latencies }),
    (error: Error) => process.send?.({ error: error.message }),
  );
});
process.on('disconnect', () => {
  agent.destroy();
});
