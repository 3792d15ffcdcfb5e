// `CPU_PROF=<dir>`: a CPU profile of this process (where the API runs) over a measured round only, so its
// shares are the call's, not the seed's, the set-up's or the floor's (the floor runs in its own process).
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { dirname, join } from 'node:path';

export const CPU_PROFILE_DIR = process.env.CPU_PROF ?? null;

/** Runs `measure` under the profiler when CPU_PROF is set, and writes `<CPU_PROF>/<name>.cpuprofile`. */
export async function profiled<T>(name: string, measure: () => Promise<T>): Promise<T> {
  if (CPU_PROFILE_DIR === null) return measure();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  try {
    return await measure();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    const file = join(CPU_PROFILE_DIR, `${name}.cpuprofile`);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(profile));
    console.log(`CPU profile of the round: ${file}`);
  }
}
