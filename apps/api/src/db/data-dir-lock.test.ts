import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE_NAME, lockDataDir } from './data-dir-lock';
import { openDatabase } from './database';

const HOLDER = fileURLToPath(new URL('../test/hold-data-dir-lock.ts', import.meta.url));
const dirs: string[] = [];
const children: ChildProcess[] = [];

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'caudal-lock-'));
  dirs.push(dir);
  return dir;
}

/** Starts another process that takes the lock; resolves with it and the first line it printed. */
function holdInChild(dir: string): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, dir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout?.once('data', (chunk) => resolve({ child, line: String(chunk).trim() }));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the data directory lock', () => {
  it('refuses a second process with a clear message while the first runs', async () => {
    const dir = freshDir();
    const { child, line } = await holdInChild(dir);
    expect(line).toBe('locked');
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(
      new RegExp(`in use by another Caudal process \\(pid ${child.pid}`),
    );
  });

  it('is not blocked by the lock a process killed with kill -9 left behind', async () => {
    const dir = freshDir();
    const { child } = await holdInChild(dir);
    child.kill('SIGKILL');
    await exited(child);
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(true);
    const lock = lockDataDir(dir);
    const second = await holdInChild(dir);
    expect(second.line).toMatch(/^refused: .*in use by another Caudal process/);
    lock.release();
  });

  it('is removed by a normal exit', async () => {
    const dir = freshDir();
    const { child } = await holdInChild(dir);
    child.stdin?.write('stop\n');
    await exited(child);
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
  });

  it('takes over a lock whose pid now belongs to another process (a recycled pid)', () => {
    const dir = freshDir();
    const stale = { pid: process.pid, startTime: '1', host: hostname(), token: 'old', since: '2020-01-01' };
    writeFileSync(join(dir, LOCK_FILE_NAME), JSON.stringify(stale));
    const lock = lockDataDir(dir);
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
  });

  it('guards the embedded database: a second open of the same folder fails, the first is unharmed', async () => {
    const dir = freshDir();
    const first = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
      const { sql } = await import('kysely');
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(first.db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await first.close();
    }
    // Closed: the folder is free again, for this process or the next.
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
    lockDataDir(dir).release();
  }, 120_000);
});
