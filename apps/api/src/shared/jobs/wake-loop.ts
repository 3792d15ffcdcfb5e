import { runWithoutOwed } from '../../db/before-first-commit';

export interface WakeLoopOptions {
  /** One pass of the work; answers whether it left more (then another pass follows at once). */
  pass(): Promise<boolean>;
  /** A pass this often even unasked: work written elsewhere, or a wake lost in a crash. */
  fallbackMs: number;
  /** `wakeSoon` waits this long, so a burst of wakes folds into one pass (0: at once). */
  delayMs?: number;
  /** A pass that throws is reported here; the next wake or the timer tries again. */
  onError(error: unknown): void;
}

export interface WakeLoop {
  /** Asks for a pass now; settles when the passes it caused are over. */
  wake(): Promise<void>;
  /** Asks for a pass after `delayMs`, unless one is already due then. */
  wakeSoon(): void;
  /** No pass starts after this; settles when the running one is over. */
  stop(): Promise<void>;
}

/**
 * When background work over a table runs (the webhook outbox, the audit sealer): when asked, on a
 * fallback timer, and once at start (work committed before a restart). One pass at a time: a wake
 * during a pass asks for one more, so none is lost and a burst folds into few passes; a pass that left
 * work goes again at once.
 *
 * Passes run outside the request that woke them (its after-commit hook), so none of them can take
 * work a request still owes its own transaction (db/before-first-commit.ts).
 */
export function startWakeLoop(options: WakeLoopOptions): WakeLoop {
  let isStopped = false;
  let isAskedAgain = false;
  let draining: Promise<void> | null = null;
  let delayed: NodeJS.Timeout | null = null;

  async function drain() {
    try {
      while (isAskedAgain && !isStopped) {
        isAskedAgain = false;
        try {
          if (await options.pass()) isAskedAgain = true;
        } catch (error) {
          options.onError(error);
        }
      }
    } finally {
      draining = null;
    }
  }

  function wake(): Promise<void> {
    if (isStopped) return Promise.resolve();
    isAskedAgain = true;
    draining ??= runWithoutOwed(drain);
    return draining;
  }

  function wakeSoon() {
    if (isStopped || delayed) return;
    if (!options.delayMs) {
      void wake();
      return;
    }
    delayed = setTimeout(() => {
      delayed = null;
      void wake();
    }, options.delayMs);
  }

  const timer = setInterval(() => void wake(), options.fallbackMs);
  timer.unref();
  void wake();

  return {
    wake,
    wakeSoon,
    async stop() {
      isStopped = true;
      clearInterval(timer);
      if (delayed) clearTimeout(delayed);
      await draining;
    },
  };
}
