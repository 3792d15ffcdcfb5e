import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * An AsyncLocalStorage that costs nothing while none of its runs is in flight.
 *
 * On Node 20, AsyncLocalStorage is built on an async hook: from its first `run`, an `init` callback runs
 * for every promise the process creates, whatever the code, until the storage is disabled. It is never
 * disabled by itself, so one audited call or one transaction at start-up (seeding, sign-in) made every
 * later call pay it on each of its hundreds of promises: ~0.2 µs a promise, 4× the cost of a bare
 * `await` chain, and the largest share of a read call the floor does not pay (bench/README.md, issue 32,
 * decision 0051). Here the storage is enabled while at least one run is in flight and disabled when the
 * last one settles, so calls that open no run (reads) create their promises with no hook.
 *
 * Only for structured use: what reads the store must run inside the run's own async extent (awaited by
 * its callback), as every caller here does; work left running after the run settles may not see it.
 * Where AsyncLocalStorage is not built on async hooks (Node 24's async context frames), disabling is
 * left alone: it is cheap there, and `disable` means something else.
 */
export class ScopedStorage<T> {
  readonly #storage = new AsyncLocalStorage<T>();
  readonly #isHookBased = typeof (this.#storage as unknown as { _enable?: unknown })._enable === 'function';
  #runs = 0;

  /** Runs `callback` with `store` as the store of everything it awaits. */
  async run<R>(store: T, callback: () => Promise<R>): Promise<R> {
    this.#runs++;
    try {
      return await this.#storage.run(store, callback);
    } finally {
      this.#runs--;
      if (this.#runs === 0 && this.#isHookBased) this.#storage.disable();
    }
  }

  /** Runs `callback` outside any store of this storage. */
  exit<R>(callback: () => R): R {
    return this.#storage.exit(callback);
  }

  getStore(): T | undefined {
    return this.#storage.getStore();
  }

  /** Runs in flight (tests). */
  get activeRuns(): number {
    return this.#runs;
  }
}
