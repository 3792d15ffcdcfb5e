import { runWithoutOwed } from '../../db/before-first-commit';
import type { Logger } from '../../shared/logger';
import type { ClaimedExport } from './exports.repository';

/** A slot of any size, or one of those reserved for small exports. */
export type ExportSlot = 'any' | 'small';

export interface ExportDispatcherOptions {
  /** Takes the next export this kind of slot may run, in the queue's fair order; null when none. */
  claim(slot: ExportSlot): Promise<ClaimedExport | null>;
  /** Runs a claimed export to its end (ready or failed). */
  run(claimed: ClaimedExport): Promise<unknown>;
  slots: Record<ExportSlot, number>;
  /** Looks at the queue this often even unasked: an export queued on another instance, or left queued. */
  pollMs: number;
  /** Renews the lease of the exports running here (decision 0059); called every `heartbeatMs`. */
  renewLeases(exportIds: readonly string[]): Promise<void>;
  heartbeatMs: number;
  log: Logger;
}

export interface ExportDispatcher {
  /** Fills the free slots from the queue; settles once the claims are made (not the runs). */
  wake(): Promise<void>;
  /** Exports running now, per kind of slot. */
  running(): Record<ExportSlot, number>;
  /** Claims no more; waits up to `timeoutMs` for the running exports to end. */
  stop(timeoutMs: number): Promise<void>;
}

/**
 * The instance's export runner (decision 0024). Exports are taken from the exports table, never in
 * the order their jobs arrive: each free slot claims the queue's next in turn across companies, the
 * small slots only small exports, so one company's flood of big files cannot hold the others'. A run
 * that ends wakes the dispatcher again; so do the queue's jobs (a nudge: another instance's new
 * export) and a timer.
 */
export function createExportDispatcher(options: ExportDispatcherOptions): ExportDispatcher {
  const busy: Record<ExportSlot, number> = { any: 0, small: 0 };
  /** The runs of this instance, by export id (the ids are the leases it renews). */
  const runs = new Map<string, Promise<void>>();
  let isRenewing = false;
  let isStopped = false;
  let filling: Promise<void> | null = null;
  let isAskedAgain = false;

  const start = (slot: ExportSlot, claimed: ClaimedExport) => {
    busy[slot] += 1;
    const run: Promise<void> = options
      .run(claimed)
      .then(
        () => {},
        (error: unknown) => options.log.error({ err: error, exportId: claimed.id }, 'export run failed'),
      )
      .finally(() => {
        busy[slot] -= 1;
        runs.delete(claimed.id);
        void wake();
      });
    runs.set(claimed.id, run);
  };

  // Small slots first: a small export they can take leaves the general slots to the big ones.
  const fill = async () => {
    for (const slot of ['small', 'any'] as const) {
      while (!isStopped && busy[slot] < options.slots[slot]) {
        const claimed = await options.claim(slot).catch((error: unknown) => {
          options.log.warn({ err: error }, 'could not claim an export; the next wake tries again');
          return null;
        });
        if (!claimed) break;
        start(slot, claimed);
      }
    }
  };

  // One fill at a time; a wake during one asks for another pass, so nothing freed is left idle. The
  // last check and the reset of `filling` run in one step (no await between): no wake falls between.
  async function drain() {
    try {
      while (isAskedAgain && !isStopped) {
        isAskedAgain = false;
        await fill();
      }
    } finally {
      filling = null;
    }
  }

  function wake(): Promise<void> {
    if (isStopped) return Promise.resolve();
    isAskedAgain = true;
    // Outside any call's owed work: a wake from inside an audited call must not hand its event to a
    // claim of another company's export (db/before-first-commit.ts).
    filling ??= runWithoutOwed(drain);
    return filling;
  }

  const timer = setInterval(() => void wake(), options.pollMs);
  timer.unref();
  // An instance that dies stops renewing: the sweep then fails its exports and frees their caps.
  // One renewal at a time: with the database slow, beats would otherwise pile up behind each other.
  const heartbeat = setInterval(() => {
    if (runs.size === 0 || isRenewing) return;
    isRenewing = true;
    options
      .renewLeases([...runs.keys()])
      .catch((error: unknown) => {
        options.log.warn(
          { err: error },
          'could not renew the running exports’ leases; the next beat tries again',
        );
      })
      .finally(() => {
        isRenewing = false;
      });
  }, options.heartbeatMs);
  heartbeat.unref();

  return {
    wake,
    running: () => ({ ...busy }),
    async stop(timeoutMs) {
      isStopped = true;
      clearInterval(timer);
      clearInterval(heartbeat);
      await filling;
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...runs.values()]),
        new Promise((resolve) => {
          timeout = setTimeout(resolve, timeoutMs);
          timeout.unref();
        }),
      ]);
      clearTimeout(timeout);
    },
  };
}
