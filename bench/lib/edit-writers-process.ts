// The audit benchmark's writers in a process of their own (forked with an IPC channel, started once
// and kept for every round, so its connections and JIT stay warm): the parent sends a round, as
// { base, path, writers, requests }; each writer edits its own client `requests` times in turn, all
// writers at once, over the suite's keep-alive `post` (suite/http.ts); the answer is every edit's
// latency in milliseconds.
//
// In the parent's process the writers' `fetch` shared the API's event loop, counted as the API's CPU,
// and, while any audited call was in flight, paid the audit's async hook on each of its own promises
// (db/scoped-storage.ts): a cost of the benchmark, not of the event. Any answer but 2xx fails the round.
import { post } from '../suite/http';

interface Round {
  base: string;
  path: string;
  writers: { token: string; clientId: string }[];
  requests: number;
}

async function runRound(round: Round): Promise<number[]> {
  const url = `${round.base}${round.path}`;
  const latencies: number[] = [];
  await Promise.all(
    round.writers.map(async (writer, index) => {
      for (let step = 0; step < round.requests; step++) {
        const answer = await post(
          url,
          {
            client_id: writer.clientId,
            name: `Cliente ${index} ${step}`,
            alias: `bench-${writer.clientId.slice(0, 8)}-${step % 2}`,
            entities: [],
          },
          { token: writer.token },
        );
        if (answer.status < 200 || answer.status >= 300) {
          throw new Error(`${round.path}: ${answer.status} ${answer.code ?? ''}`);
        }
        latencies.push(answer.ms);
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
// The suite's keep-alive sockets would hold the process open once the parent is gone.
process.on('disconnect', () => process.exit(0));
