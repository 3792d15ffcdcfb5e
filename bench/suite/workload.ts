// Phase 1: the mixed staff workload on the large tenant at 10, 50 and 100 connections on two instances,
// then the same workload at one instance against two (the throughput ratio).

import { postgresCpuMs, processCpuMs } from '../lib/cpu-account';
import { vacuumIfNoAutovacuum } from './databases';
import { round } from './http';
import type { Instance } from './instances';
import { type CallFigures, printFigures, runLoad, summarise } from './load';
import { signInReaders, type Tenant } from './tenants';

export interface WorkloadResult {
  seconds: number;
  levels: { connections: number; instances: number; figures: CallFigures[]; cpuPerRequest: CpuPerRequest }[];
  scaling: { connections: number; oneInstanceRps: number; twoInstancesRps: number; ratio: number };
}

/**
 * Milliseconds of CPU per answered call, by process: on a saturated machine, throughput is their sum.
 * PostgreSQL counts every database on the server, ended backends included (an idle pool closes its
 * connections, and a live-backends-only sum would lose their CPU): run the suite on a quiet server.
 */
interface CpuPerRequest {
  api: number;
  postgres: number;
  loadGenerator: number;
}

export async function runWorkload(
  instances: Instance[],
  tenant: Tenant,
  options: { seconds: number; levels: readonly number[]; scalingConnections: number; databaseUrl: string },
): Promise<WorkloadResult> {
  // Each connection is a member of staff of their own: fifty connections are fifty people, each under
  // their own export cap (one shared user hit EXPORT_MAX_ACTIVE_PER_USER within the first second).
  // Signed in once for every level (sign-ins are not the workload, and each writes a session and an event).
  const readerTokens = await signInReaders(
    options.databaseUrl,
    instances[0]?.base ?? '',
    [tenant],
    Math.max(10, ...options.levels, options.scalingConnections),
  );
  const database = new URL(options.databaseUrl).pathname.slice(1);
  const measure = async (connections: number, targets: Instance[]) => {
    if (await vacuumIfNoAutovacuum(database))
      console.log('\n(autovacuum is off on this server: vacuumed and analyzed first, as it would have)');
    const apiCpu = () => targets.reduce((sum, instance) => sum + processCpuMs(instance.child.pid ?? 0), 0);
    const [api0, postgres0, generator0] = [apiCpu(), postgresCpuMs(), process.cpuUsage()];
    const result = await runLoad({
      instances: targets,
      tenants: [tenant],
      readers: connections,
      writersPerTenant: 0,
      durationMs: options.seconds * 1000,
      failover: false,
      databaseUrl: options.databaseUrl,
      readerTokens,
    });
    const generator = process.cpuUsage(generator0);
    const answered = Math.max(1, result.samples.length);
    const cpuPerRequest = {
      api: round((apiCpu() - api0) / answered, 2),
      postgres: round((postgresCpuMs() - postgres0) / answered, 2),
      loadGenerator: round((generator.user + generator.system) / 1000 / answered, 2),
    };
    const figures = summarise(result.samples, options.seconds);
    printFigures(
      `Mixed staff workload, ${connections} connections, ${targets.length} instance(s), ${options.seconds} s (+${(result.seconds - options.seconds).toFixed(1)} s draining)`,
      figures,
    );
    console.log(
      `  CPU per call: API ${cpuPerRequest.api} ms, PostgreSQL ${cpuPerRequest.postgres} ms, load generator ${cpuPerRequest.loadGenerator} ms`,
    );
    return { connections, instances: targets.length, figures, cpuPerRequest };
  };
  // Every call's code hot before anything is measured.
  await runLoad({
    instances,
    tenants: [tenant],
    readers: 10,
    writersPerTenant: 0,
    durationMs: 3_000,
    failover: false,
    databaseUrl: options.databaseUrl,
    readerTokens,
  });
  const levels = [];
  for (const connections of options.levels) levels.push(await measure(connections, instances));
  // Back to back, so both see the same machine: one instance, then two, at the same connections.
  const one = await measure(options.scalingConnections, instances.slice(0, 1));
  const two = await measure(options.scalingConnections, instances);
  levels.push(one, two);
  const rps = (level: typeof one) => level.figures.find((row) => row.call === 'all')?.rps ?? 0;
  const scaling = {
    connections: options.scalingConnections,
    oneInstanceRps: rps(one),
    twoInstancesRps: rps(two),
    ratio: rps(one) > 0 ? Math.round((rps(two) / rps(one)) * 100) / 100 : 0,
  };
  console.log(
    `\nTwo instances vs one at ${scaling.connections} connections: ${scaling.twoInstancesRps} vs ${scaling.oneInstanceRps} req/s = ${scaling.ratio}x`,
  );
  return { seconds: options.seconds, levels, scaling };
}
