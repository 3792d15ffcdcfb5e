// CPU spent per request, by process: where a list call's time goes on a machine whose cores the API,
// its load generator and PostgreSQL share. The p50 ratio says how much slower; this says who pays.
import { readdirSync, readFileSync } from 'node:fs';

export interface CpuSpent {
  /** user + system CPU, milliseconds. */
  ms: number;
  /** Requests served over the same span. */
  requests: number;
}

export function cpuSince(start: NodeJS.CpuUsage, requests: number): CpuSpent {
  const spent = process.cpuUsage(start);
  return { ms: (spent.user + spent.system) / 1000, requests };
}

/**
 * user + system CPU of every process named `postgres` on this machine, ended backends included (the
 * floor's backends end with its process, before the round's last reading), milliseconds (Linux /proc; 0
 * elsewhere). Includes other databases' backends: read beside the load average.
 *
 * With `database`: only that database's backends and autovacuum workers and the server-wide writers
 * (WAL writer, checkpointer, background writer), so other databases' work on a shared server is left
 * out; ended backends are then not counted (they cannot be told apart), so keep the pool's open.
 */
export function postgresCpuMs(options: { database?: string } = {}): number {
  let ticks = 0;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      const fields = stat.slice(close + 2).split(' ');
      if (options.database !== undefined) {
        if (!isWorkingFor(pid, options.database)) continue;
        ticks += Number(fields[11]) + Number(fields[12]);
        continue;
      }
      // Fields 14–17 of stat (utime, stime, and cutime, cstime: the ended children's, which the
      // postmaster holds for every backend that has exited) are the 12th–15th after the command.
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** A backend's title names its database ("postgres: 15/main: user db host state"). */
function isWorkingFor(pid: string, database: string): boolean {
  const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  return title.includes(` ${database} `) || /walwriter|checkpointer|background writer/.test(title);
}

/** user + system CPU of one process (Linux /proc), milliseconds; 0 if it cannot be read. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** USER_HZ: 100 on every Linux this runs on (sysconf(_SC_CLK_TCK)). */
const CLOCK_TICKS_PER_SECOND = 100;

/** Runs one measured round and adds this process's CPU (the API, when it runs here) and PostgreSQL's. */
export async function withCpuAccount<M extends { cpu?: CpuSpent }>(
  measure: () => Promise<M>,
): Promise<M & { serverCpuMs: number; postgresCpuMs: number }> {
  const start = process.cpuUsage();
  const postgresStart = postgresCpuMs();
  const measured = await measure();
  const spent = process.cpuUsage(start);
  return {
    ...measured,
    serverCpuMs: (spent.user + spent.system) / 1000,
    postgresCpuMs: postgresCpuMs() - postgresStart,
  };
}
