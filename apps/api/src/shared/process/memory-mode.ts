import v8 from 'node:v8';

/**
 * The embedded database lives in this process: PostgreSQL's WebAssembly memory (~130 MB that never
 * shrinks) plus the API's heap. Under load V8 lets the heap grow lazily (it reclaims old space only
 * when it must), which took the process from ~280 MB to 320–340 MB at 20 connections on the demo data.
 * `--optimize-for-size` makes V8 collect eagerly and compile leaner code: 272–303 MB at peak, for up
 * to 15 % of the client list's throughput (decision 0020, bench/README.md). Set before the API's code
 * is compiled (set after the database opened, the peak stayed at 300–315 MB); on PostgreSQL V8 keeps
 * its defaults.
 */
export function favourMemoryWhenEmbedded(env: NodeJS.ProcessEnv): boolean {
  if (isEmbedded(env)) {
    v8.setFlagsFromString('--optimize-for-size');
    return true;
  }
  return false;
}

/** As config.ts reads it: a blank DATABASE_URL means the embedded database. */
function isEmbedded(env: NodeJS.ProcessEnv): boolean {
  return (env.DATABASE_URL ?? '').trim() === '';
}
