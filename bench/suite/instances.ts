// Starts API instances for the suite: the real apps/api/src/main.ts in child processes on 127.0.0.1.
// Deliberately small, so a cluster launcher (npm run start:cluster) can replace it: the suite needs
// only `base`, `kill(signal)` and a way to start one again.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { get, sleep } from './http';

const MAIN = fileURLToPath(new URL('../../apps/api/src/main.ts', import.meta.url));
/** Node flags for the instances only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (not allowed in NODE_OPTIONS). */
const INSTANCE_NODE_ARGS = (process.env.SUITE_INSTANCE_NODE_ARGS ?? '').split(' ').filter(Boolean);

export interface Instance {
  name: string;
  port: number;
  base: string;
  child: ChildProcess;
  /** The last lines the process wrote to stderr (a crash, an unhandled error). */
  stderrTail(): string;
  isAlive(): boolean;
}

/** Settings every suite instance shares: no demo seed, quiet logs, abuse limits out of the measurement. */
export function suiteEnv(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'error',
    SEED_DEMO: 'false',
    // The load signs in and calls thousands of times from one address: per-IP limits would measure themselves.
    LOGIN_MAX_FAILURES_PER_IP: '1000000',
    FORGOT_PASSWORD_MAX_PER_IP: '1000000',
    DATA_API_RATE_LIMIT_PER_MINUTE: '1000000',
    ...extra,
  };
}

export async function startInstance(
  name: string,
  port: number,
  env: Record<string, string>,
): Promise<Instance> {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...INSTANCE_NODE_ARGS, '--import', 'tsx', MAIN], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + String(chunk)).slice(-4_000);
  });
  const instance: Instance = {
    name,
    port,
    base,
    child,
    stderrTail: () => stderr,
    isAlive: () => child.exitCode === null && child.signalCode === null,
  };
  await waitUntilReady(instance, 180_000);
  return instance;
}

export async function waitUntilReady(instance: Instance, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!instance.isAlive()) {
      throw new Error(`${instance.name} exited (${instance.child.exitCode}): ${instance.stderrTail()}`);
    }
    if ((await get(`${instance.base}/ready`, 2_000)).status === 200) return;
    await sleep(250);
  }
  throw new Error(`${instance.name} was not ready within ${timeoutMs} ms`);
}

/** SIGTERM, then SIGKILL if it has not exited within 15 s. */
export async function stopInstance(instance: Instance): Promise<void> {
  if (!instance.isAlive()) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (instance.isAlive()) instance.child.kill('SIGKILL');
}

export function killInstance(instance: Instance): void {
  instance.child.kill('SIGKILL');
}
