#!/usr/bin/env node
// `npm run start:cluster [-- --instances N]`: N API instances (default 2, or CLUSTER_INSTANCES) on one
// PostgreSQL (DATABASE_URL, else the `caudal_cluster` database it creates on postgres@127.0.0.1:5432)
// behind the load-balancing proxy on PORT (3000). Ctrl-C stops the proxy, then each instance gracefully.
import { parseArgs } from 'node:util';
import { startCluster } from './cluster.mjs';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', short: 'n', default: process.env.CLUSTER_INSTANCES ?? '2' },
    port: { type: 'string', short: 'p', default: process.env.PORT ?? '3000' },
  },
});
const log = (line) => console.log(`[cluster] ${line}`);
const cluster = await startCluster({
  instances: Number(values.instances),
  port: Number(values.port),
  host: process.env.HOST ?? '0.0.0.0',
  databaseUrl: process.env.DATABASE_URL || undefined,
  // Like `npm start`: the portal too, unless WEB_ROOT points at a build of your own.
  build: process.env.WEB_ROOT ? ['api'] : ['web', 'api'],
  output: 'prefix',
  log,
});
const database = new URL(cluster.databaseUrl);
database.password = database.password ? '***' : '';
log(`${cluster.instances.length} instances on ${database} behind ${cluster.url}`);
for (const instance of cluster.instances) log(`  ${instance.name}: ${instance.url} (pid ${instance.pid})`);

let isStopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (isStopping) return;
    isStopping = true;
    log(`${signal}: stopping`);
    await cluster.stop();
    process.exit(0);
  });
}
