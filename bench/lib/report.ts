// Prints one scenario: the API call against the bare SQL, and the ratio of the medians.
import { CONNECTIONS, DURATION_SECONDS, type Measurement, WARM_UP_SECONDS } from './api';

/** Issue 32: the API's median within this factor of its floor (session check + its statements, own process). */
export const TARGET_RATIO = 1.5;

export function printHeader(title: string, database: string) {
  console.log(
    `\n${title}: ${CONNECTIONS} connections, ${DURATION_SECONDS} s each after ${WARM_UP_SECONDS} s warm-up, ${database}`,
  );
}

export function printScenario(
  name: string,
  detail: string,
  api: Measurement | null,
  bare: Measurement,
  explainLines: readonly string[],
) {
  console.log(`\n## ${name}\n   ${detail}\n`);
  console.log(['', 'req/s'.padStart(10), 'p50 ms'.padStart(9), 'p99 ms'.padStart(9)].join(' '));
  const row = (label: string, m: Measurement | null) =>
    console.log(
      [
        label.padEnd(9),
        m ? m.rps.toFixed(0).padStart(10) : 'n/a'.padStart(10),
        m ? m.p50.toFixed(2).padStart(9) : 'n/a'.padStart(9),
        m ? m.p99.toFixed(2).padStart(9) : 'n/a'.padStart(9),
      ].join(' '),
    );
  row('API', api);
  row('floor', bare);
  if (api) {
    const ratio = api.p50 / bare.p50;
    const verdict = ratio <= TARGET_RATIO ? 'within' : 'OVER';
    console.log(`\n   p50 API / floor = ${ratio.toFixed(2)}× (${verdict} the ${TARGET_RATIO}× target)`);
  } else {
    console.log('\n   API: the call is not served yet (404); bare SQL only.');
  }
  console.log('\n   EXPLAIN (ANALYZE, BUFFERS) of the bare statements:');
  for (const line of explainLines) console.log(`   ${line}`);
}
