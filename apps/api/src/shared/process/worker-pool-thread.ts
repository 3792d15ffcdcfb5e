import { parentPort } from 'node:worker_threads';
import type { FromPoolWorker, PoolJobError, ToPoolWorker } from './worker-pool';

/**
 * The thread's side of WorkerPool: runs `handle` for each job, one at a time, and answers its output,
 * or the error it threw as data (name, message, and `details` when the error carries them).
 */
export function serveWorkerJobs<I, O>(handle: (input: I) => O): void {
  const port = parentPort;
  if (!port) throw new Error('serveWorkerJobs runs in a worker thread');
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

function toJobError(error: unknown): PoolJobError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const details = (error as { details?: unknown }).details;
  return {
    name: error.name,
    message: error.message,
    ...(details && typeof details === 'object' ? { details: details as Record<string, unknown> } : {}),
  };
}
