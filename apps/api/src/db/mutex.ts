/** Thrown when a waiter gave up on the mutex: the database is busy, the caller may retry. */
export class MutexTimeoutError extends Error {
  readonly code = 'MUTEX_TIMEOUT';

  constructor(waitedMs: number) {
    super(`The embedded database stayed busy for ${waitedMs} ms`);
    this.name = 'MutexTimeoutError';
  }
}

interface Waiter {
  grant: (release: () => void) => void;
}

/**
 * A FIFO mutex: each `acquire` resolves with its own `release` once every earlier holder released.
 * A waiter may give up after `timeoutMs`; it then leaves the queue and never holds the mutex.
 */
export class Mutex {
  #isHeld = false;
  readonly #waiters: Waiter[] = [];
  /** Index of the first live waiter: shifting a long array on every release would be quadratic. */
  #head = 0;

  acquire(timeoutMs?: number): Promise<() => void> {
    if (!this.#isHeld) {
      this.#isHeld = true;
      return Promise.resolve(this.#releaser());
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { grant: resolve };
      this.#waiters.push(waiter);
      if (timeoutMs === undefined || !Number.isFinite(timeoutMs)) return;
      const timer = setTimeout(() => {
        const index = this.#waiters.indexOf(waiter, this.#head);
        if (index === -1) return;
        this.#waiters.splice(index, 1);
        reject(new MutexTimeoutError(timeoutMs));
      }, timeoutMs);
      waiter.grant = (release) => {
        clearTimeout(timer);
        resolve(release);
      };
    });
  }

  async run<T>(task: () => Promise<T>, timeoutMs?: number): Promise<T> {
    const release = await this.acquire(timeoutMs);
    try {
      return await task();
    } finally {
      release();
    }
  }

  /** How many callers wait for the mutex (not counting the holder). */
  get waiting(): number {
    return this.#waiters.length - this.#head;
  }

  #releaser(): () => void {
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      this.#handOver();
    };
  }

  #handOver() {
    const next = this.#waiters[this.#head];
    if (!next) {
      this.#waiters.length = 0;
      this.#head = 0;
      this.#isHeld = false;
      return;
    }
    this.#waiters[this.#head] = undefined as unknown as Waiter;
    this.#head++;
    if (this.#head > 1024 && this.#head * 2 > this.#waiters.length) {
      this.#waiters.splice(0, this.#head);
      this.#head = 0;
    }
    // Through the event loop, not a microtask: PGlite runs each statement synchronously, so a queue of
    // waiters handed over in microtasks would run back to back and starve every socket (liveness, new
    // requests, answers already computed) until the whole queue drained.
    const release = this.#releaser();
    setImmediate(() => next.grant(release));
  }
}
