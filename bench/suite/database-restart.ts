// Phase 3: the database goes away mid-load and comes back. By default only for the suite's instances:
// their database's backends are terminated (as a shutdown does) and they reach PostgreSQL through a TCP
// relay that then resets every connection and refuses new ones for the outage (what a server restart
// looks like to a client), so other databases on the shared server are not touched. `--real-restart` restarts the PostgreSQL server itself (`pg_ctlcluster`), for every user of it.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { terminateBackends } from './databases';
import { type Answer, get, isRetriable, sleep } from './http';
import type { Instance } from './instances';
import { type CallFigures, printFigures, runLoad, summarise } from './load';
import type { TcpProxy } from './tcp-proxy';
import { signInReaders, type Tenant } from './tenants';

const run = promisify(execFile);

interface Probe {
  instance: string;
  path: '/health' | '/ready';
  at: number;
  ms: number;
  status: number;
}

export interface DatabaseRestartResult {
  mode: 'relay' | 'server';
  seconds: number;
  outage: { from: number; to: number };
  health: { probes: number; failed: number; maxMs: number };
  ready: { notReadyDuringOutage: Record<string, boolean>; recoverySeconds: Record<string, number | null> };
  firstCallOkAfterSeconds: number | null;
  instancesAlive: boolean;
  acknowledgedWrites: number;
  lostWrites: number;
  errors: { retriable: number; other: number; otherSamples: unknown[] };
  figures: CallFigures[];
}

export async function runDatabaseRestart(
  instances: Instance[],
  tenants: Tenant[],
  options: {
    seconds: number;
    outageSeconds: number;
    readers: number;
    databaseUrl: string;
    /** Only its backends are terminated when the outage starts. */
    databaseName: string;
    proxy: TcpProxy | null;
    cluster: string;
  },
): Promise<DatabaseRestartResult> {
  const mode = options.proxy ? 'relay' : 'server';
  const probes: Probe[] = [];
  const outage = { from: 0, to: 0 };
  const startAt = options.seconds * 0.3;
  const readerTokens = await signInReaders(
    options.databaseUrl,
    instances[0]?.base ?? '',
    tenants,
    options.readers,
  );
  const result = await runLoad({
    instances,
    tenants,
    readers: options.readers,
    readerTokens,
    writersPerTenant: 2,
    durationMs: options.seconds * 1000,
    failover: true,
    databaseUrl: options.databaseUrl,
    fault: async (elapsed) => {
      const prober = (async () => {
        while (elapsed() < options.seconds) {
          await Promise.all(
            instances.flatMap((instance) =>
              (['/health', '/ready'] as const).map(async (path) => {
                const at = elapsed();
                const answer: Answer = await get(`${instance.base}${path}`, 5_000);
                probes.push({ instance: instance.name, path, at, ms: answer.ms, status: answer.status });
              }),
            ),
          );
          await sleep(100);
        }
      })();
      await sleep(startAt * 1000);
      outage.from = elapsed();
      if (options.proxy) {
        // A restart first ends every session (57P01 to queries in flight), then the server is gone.
        const terminated = await terminateBackends(options.databaseName);
        await sleep(100);
        await options.proxy.down();
        console.log(
          `  t=${outage.from.toFixed(1)} s: ${terminated} backends of ${options.databaseName} terminated, relay down (connections reset, new ones refused)`,
        );
        await sleep(options.outageSeconds * 1000);
        await options.proxy.up();
      } else {
        const [version, name] = options.cluster.split('/');
        console.log(`  t=${outage.from.toFixed(1)} s: pg_ctlcluster ${version} ${name} restart`);
        await run('pg_ctlcluster', [version ?? '15', name ?? 'main', 'restart']);
      }
      outage.to = elapsed();
      console.log(`  t=${outage.to.toFixed(1)} s: database back`);
      await prober;
    },
  });

  const health = probes.filter((probe) => probe.path === '/health');
  const notReadyDuringOutage: Record<string, boolean> = {};
  const recoverySeconds: Record<string, number | null> = {};
  for (const instance of instances) {
    const ready = probes.filter((probe) => probe.path === '/ready' && probe.instance === instance.name);
    notReadyDuringOutage[instance.name] = ready.some(
      (probe) => probe.status === 503 && probe.at >= outage.from && probe.at <= outage.to + 1,
    );
    const back = ready.find((probe) => probe.at >= outage.to && probe.status === 200);
    recoverySeconds[instance.name] = back
      ? Math.round((back.at + back.ms / 1000 - outage.to) * 100) / 100
      : null;
  }
  const firstOk = result.samples.find((sample) => sample.status === 200 && sample.at >= outage.to);
  const failed = result.samples.filter((sample) => sample.status !== 200);
  const other = failed.filter(
    (sample) => !isRetriable({ status: sample.status, code: sample.code, body: null, ms: 0 }),
  );
  const figures = summarise(result.samples, options.seconds);
  printFigures(
    `Database ${mode === 'relay' ? 'outage (relay reset)' : 'server restart'} under load`,
    figures,
  );
  const outcome: DatabaseRestartResult = {
    mode,
    seconds: result.seconds,
    outage,
    health: {
      probes: health.length,
      failed: health.filter((probe) => probe.status !== 200).length,
      maxMs: Math.round(Math.max(0, ...health.map((probe) => probe.ms))),
    },
    ready: { notReadyDuringOutage, recoverySeconds },
    firstCallOkAfterSeconds: firstOk
      ? Math.round((firstOk.at + firstOk.ms / 1000 - outage.to) * 100) / 100
      : null,
    instancesAlive: instances.every((instance) => instance.isAlive()),
    acknowledgedWrites: result.ledger.acknowledged,
    lostWrites: result.ledger.lost.length,
    errors: {
      retriable: failed.length - other.length,
      other: other.length,
      otherSamples: other.slice(0, 10),
    },
    figures,
  };
  console.log(
    `  outage ${outage.from.toFixed(1)}–${outage.to.toFixed(1)} s; /health: ${outcome.health.probes} probes, ${outcome.health.failed} failed, max ${outcome.health.maxMs} ms`,
  );
  console.log(
    `  /ready reported not ready during the outage: ${JSON.stringify(notReadyDuringOutage)}; ready again after ${JSON.stringify(recoverySeconds)} s; first call OK ${outcome.firstCallOkAfterSeconds} s after`,
  );
  console.log(
    `  instances alive (no restart): ${outcome.instancesAlive}; ledger ${outcome.acknowledgedWrites} acknowledged, lost ${outcome.lostWrites}; errors ${outcome.errors.retriable} retriable, ${outcome.errors.other} other`,
  );
  for (const sample of outcome.errors.otherSamples) console.log(`  NON-RETRIABLE ${JSON.stringify(sample)}`);
  for (const instance of instances.filter((candidate) => !candidate.isAlive())) {
    console.log(`  ${instance.name} DIED (${instance.child.exitCode ?? instance.child.signalCode}):`);
    console.log(instance.stderrTail().replace(/^/gm, '    '));
  }
  return outcome;
}
