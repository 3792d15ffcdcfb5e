import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { FromPoolWorker, PoolJobError, ToPoolWorker } from './worker-pool';

/**
 * The thread's side of WorkerPool: runs `handle` for each job, one at a time, and answers its output,
 * or the error it threw as data (name, message, and `details` when the error carries them).
 *
 * The thread runs at a lower priority than the thread that serves requests (`nice` 10 above it): on
 * a machine with fewer free cores than busy threads, the event loop answering `/health` and every call
 * is scheduled before the background parse.
 */
export function serveWorkerJobs<I, O>(handle: (input: I) => O, options: { niceBy?: number } = {}): void {
  const port = parentPort;
  if (!port) throw new Error('serveWorkerJobs runs in a worker thread');
  lowerThreadPriority(options.niceBy ?? 10);
  port.on('message', ({ id, input }: ToPoolWorker<I>) => {
    let answer: FromPoolWorker<O>;
    try {
      answer = { id, output: handle(input) };
    } catch (error) {
      answer = { id, error: toJobError(error) };
    }
    port.postMessage(answer);
  });
}

/**
 * Linux keeps a nice value per thread, and `setpriority` given a thread's id changes only that thread;
 * the id is the last part of /proc/thread-self. Elsewhere, or if refused, the thread keeps the
 * process's priority.
 */
export function lowerThreadPriority(by: number): boolean {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(threadId) || threadId <= 0) return false;
    setPriority(threadId, Math.min(19, getPriority(threadId) + by));
    return true;
  } catch {
    return false;
  }
}

function toJobError(error: unknown): PoolJobError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const details = (error as { details?: unknown }).details;
  return {
    name: error.name,
    message: error.message,
    ...(details && typeof details === 'object' ? { details: details as Record<string, unknown> } : {}),
  };
}
