// Phase 2: two tenants under load on two instances; one instance is killed with SIGKILL mid-load.
// Checks: every acknowledged write is in the database as acknowledged, no answer carries the other
// company's data, and the only errors clients see are retriable while the other instance serves.
import { isRetriable } from './http';
import { type Instance, killInstance } from './instances';
import { type CallFigures, type Leak, printFigures, runLoad, type Sample, summarise } from './load';
import { signInReaders, type Tenant } from './tenants';

export interface InstanceKillResult {
  seconds: number;
  killedAt: number;
  readers: number;
  writers: number;
  answersChecked: number;
  leaks: Leak[];
  acknowledgedWrites: number;
  lostWrites: number;
  writesSent: number;
  errors: { retriable: number; other: number; otherSamples: Sample[] };
  /** Successful answers from the surviving instance after the kill. */
  servedAfterKill: number;
  figures: CallFigures[];
}

export async function runInstanceKill(
  instances: [Instance, Instance],
  tenants: Tenant[],
  options: { seconds: number; readers: number; writersPerTenant: number; databaseUrl: string },
): Promise<InstanceKillResult> {
  const [survivor, victim] = instances;
  const killAt = options.seconds * 0.35;
  let killedAt = 0;
  const readerTokens = await signInReaders(options.databaseUrl, instances[0].base, tenants, options.readers);
  const result = await runLoad({
    instances,
    tenants,
    readers: options.readers,
    readerTokens,
    writersPerTenant: options.writersPerTenant,
    durationMs: options.seconds * 1000,
    failover: true,
    databaseUrl: options.databaseUrl,
    fault: async (elapsed) => {
      await new Promise((resolve) => setTimeout(resolve, killAt * 1000));
      killInstance(victim);
      killedAt = elapsed();
      console.log(`  t=${killedAt.toFixed(1)} s: ${victim.name} killed with SIGKILL`);
    },
  });
  const failed = result.samples.filter((sample) => sample.status !== 200);
  const other = failed.filter(
    (sample) => !isRetriable({ status: sample.status, code: sample.code, body: null, ms: 0 }),
  );
  const figures = summarise(result.samples, options.seconds);
  printFigures(`SIGKILL of one instance under load (${options.readers} readers, 2 tenants)`, figures);
  const outcome: InstanceKillResult = {
    seconds: result.seconds,
    killedAt,
    readers: options.readers,
    writers: options.writersPerTenant * tenants.length,
    answersChecked: result.samples.filter((sample) => sample.status === 200).length,
    leaks: result.leaks,
    acknowledgedWrites: result.ledger.acknowledged,
    lostWrites: result.ledger.lost.length,
    writesSent: result.ledger.writes,
    errors: {
      retriable: failed.length - other.length,
      other: other.length,
      otherSamples: other.slice(0, 10),
    },
    servedAfterKill: result.samples.filter(
      (sample) => sample.status === 200 && sample.at > killedAt && sample.instance === survivor.name,
    ).length,
    figures,
  };
  console.log(
    `  answers checked for the other company's data: ${outcome.answersChecked}, cross-company answers: ${outcome.leaks.length}`,
  );
  console.log(
    `  ledger: ${outcome.acknowledgedWrites} acknowledged clients (${outcome.writesSent} writes sent), lost: ${outcome.lostWrites}`,
  );
  console.log(
    `  errors seen by clients: ${outcome.errors.retriable} retriable (503 ServiceUnavailable or no answer from the dead instance), ${outcome.errors.other} other; ${survivor.name} served ${outcome.servedAfterKill} calls after the kill`,
  );
  for (const leak of outcome.leaks.slice(0, 5)) console.log(`  LEAK ${JSON.stringify(leak)}`);
  for (const sample of outcome.errors.otherSamples) console.log(`  NON-RETRIABLE ${JSON.stringify(sample)}`);
  return outcome;
}
