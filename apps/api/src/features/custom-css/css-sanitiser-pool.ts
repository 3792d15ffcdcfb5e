import { availableParallelism } from 'node:os';
import { AppError } from '../../shared/app-error';
import { resolveWorkerPoolEntry, WorkerJobError, WorkerPool } from '../../shared/process/worker-pool';
import type { SanitisedCss } from './css-sanitiser';

/**
 * Sanitising 64 KB of CSS takes tens of milliseconds warm and up to a second cold (css-tree's parser
 * before the JIT has seen it): on the event loop, ten uploads at once held every other request, /health
 * included, for seconds (issue 21). It runs on worker threads instead (decision 0023): one per core
 * beyond the one that serves requests (at least one, at most two), uploads of different companies
 * taken in turn.
 */
export const cssSanitiserPool = new WorkerPool<string, SanitisedCss>({
  name: 'custom-css',
  size: Math.max(1, Math.min(2, availableParallelism() - 1)),
  entry: () => resolveWorkerPoolEntry(import.meta.url, 'css-sanitiser-worker.ts', 'custom-css-worker.js'),
  maxHeapMb: 256,
});

/** The company's CSS, sanitised off the event loop; CSS nested too deep is a 400 CustomCssTooDeep. */
export async function sanitiseCssOffThread(companyId: string, source: string): Promise<SanitisedCss> {
  // Nothing to parse: no thread to start.
  if (source.trim() === '') return { css: '', removed: [] };
  try {
    return await cssSanitiserPool.run(companyId, source);
  } catch (error) {
    if (error instanceof WorkerJobError && error.name === 'CssTooDeepError') {
      throw new AppError('CustomCssTooDeep', error.message);
    }
    throw error;
  }
}
