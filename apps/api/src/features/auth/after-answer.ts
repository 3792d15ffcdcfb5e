import type { Logger } from '../../shared/logger';

const pending = new Set<Promise<void>>();

/**
 * Runs `task` once the current answer is on its way (the next turn of the event loop, after the
 * reply is written), so its cost never shows in the answer's timing. A failure is logged: the caller
 * has already been answered.
 */
export function runAfterAnswer(task: () => Promise<void>, log: Pick<Logger, 'error'>): void {
  const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .catch((error: unknown) => log.error({ err: error }, 'work after the answer failed'))
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Resolves once every task started so far (and any they started) finished: shutdown and tests. */
export async function whenAnswersSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
