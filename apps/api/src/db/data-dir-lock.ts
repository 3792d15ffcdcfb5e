import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** Inside the data directory: PostgreSQL ignores files it does not know in PGDATA. */
export const LOCK_FILE_NAME = 'caudal.lock';
/** A takeover whose owner died half-way (seconds, not minutes: the step takes microseconds). */
const STALE_TAKEOVER_MS = 10_000;
const MAX_ATTEMPTS = 20;

interface LockOwner {
  pid: number;
  /** The process's start time (Linux: jiffies since boot), so a recycled pid is not taken for the owner. */
  startTime: string | null;
  host: string;
  token: string;
  since: string;
}

export class DataDirLockedError extends Error {
  constructor(dataDir: string, owner: LockOwner) {
    super(
      `The data directory ${dataDir} is in use by another Caudal process (pid ${owner.pid} on ${owner.host}, since ${owner.since}). ` +
        'Two processes on one embedded database would corrupt it: stop the other one, or set DATA_DIR to another folder. ' +
        `If no such process runs, delete ${join(dataDir, LOCK_FILE_NAME)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  release(): void;
}

/**
 * Takes the data directory for this process, or throws DataDirLockedError when a live process holds
 * it. A lock whose process is gone (`kill -9`, a crash, a power cut) is taken over: the owner's pid
 * and start time tell a dead owner, or a recycled pid, from a live one.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE_NAME);
  const me: LockOwner = {
    pid: process.pid,
    startTime: toStartTime(readStartTime(process.pid)),
    host: hostname(),
    token: randomBytes(16).toString('hex'),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (tryCreate(path, me)) return holding(path, me);
    const owner = readOwner(path);
    if (owner === 'missing') continue;
    if (owner !== 'unreadable' && isAlive(owner)) throw new DataDirLockedError(dataDir, owner);
    removeStale(path, owner);
  }
  throw new Error(`Could not take the lock ${path}: it keeps changing hands`);
}

function holding(path: string, me: LockOwner): DataDirLock {
  let isReleased = false;
  const release = () => {
    if (isReleased) return;
    isReleased = true;
    process.off('exit', release);
    const owner = readOwner(path);
    // Never remove a lock someone else took over (after we were wrongly judged dead).
    if (typeof owner === 'object' && owner.token === me.token) unlinkQuietly(path);
  };
  // A normal exit, process.exit() or an uncaught error: the next start finds no lock at all.
  process.on('exit', release);
  return { release };
}

/** The file appears complete or not at all: written aside, then hard-linked (fails if it exists). */
function tryCreate(path: string, me: LockOwner): boolean {
  const partial = `${path}.${me.token}`;
  writeFileSync(partial, JSON.stringify(me));
  try {
    linkSync(partial, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkQuietly(partial);
  }
}

function readOwner(path: string): LockOwner | 'missing' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const owner = JSON.parse(text) as LockOwner;
    return typeof owner.pid === 'number' && typeof owner.token === 'string' ? owner : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

function isAlive(owner: LockOwner): boolean {
  // Another machine's process (a shared network folder) cannot be checked: assume it runs.
  if (owner.host !== hostname()) return true;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the pid exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const startTime = readStartTime(owner.pid);
  // A zombie (killed, not yet reaped) reads as state Z: it holds nothing any more.
  if (startTime === 'zombie') return false;
  return owner.startTime === null || startTime === null || startTime === owner.startTime;
}

/**
 * Two newcomers may find the same stale lock: a `mkdir` (atomic) elects the one that removes it, and
 * it removes it only if it is still the stale owner's file.
 */
function removeStale(path: string, stale: LockOwner | 'unreadable') {
  const takeover = `${path}.takeover`;
  try {
    mkdirSync(takeover);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const startedMs = statSync(takeover, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (Date.now() - startedMs > STALE_TAKEOVER_MS) rmdirQuietly(takeover);
    sleep(20);
    return;
  }
  try {
    const current = readOwner(path);
    const isSame =
      current === stale ||
      (typeof current === 'object' && typeof stale === 'object' && current.token === stale.token);
    if (isSame) unlinkQuietly(path);
  } finally {
    rmdirQuietly(takeover);
  }
}

/** Field 22 of /proc/<pid>/stat (Linux); null where there is no /proc. */
function readStartTime(pid: number): string | null | 'zombie' {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces: split after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields[0] === 'Z' || fields[0] === 'X') return 'zombie';
  return fields[19] ?? null;
}

function toStartTime(value: string | null | 'zombie'): string | null {
  return value === 'zombie' ? null : value;
}

function unlinkQuietly(path: string) {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}

function rmdirQuietly(path: string) {
  try {
    rmdirSync(path);
  } catch {
    // Already gone.
  }
}

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
