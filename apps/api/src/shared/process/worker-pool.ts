import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A small pool of worker threads for CPU-bound work that must never run on the event loop that serves
 * requests (decision 0023). Threads start on first use and leave after IDLE_EXIT_MS without work; a
 * thread that dies fails the one job it held and is replaced by the next job. Jobs wait in one queue per
 * key (a company) and are taken in turn across keys, so one company's burst never delays another's
 * work by more than one job per thread.
 *
 * The thread runs `runWorkerJobs` (worker-pool-thread.ts): it receives `{ id, input }` and answers
 * `{ id, output }` or `{ id, error }`.
 *
 * A thread takes seconds to start when the server runs from sources (tsx registers itself in the thread
 * and compiles the entry), and its first job runs cold: a screen about to send work calls `prestart`,
 * and an idle thread stays five minutes, the pauses of someone editing and saving (issue 22: a cold
 * thread under load made the first custom-CSS save of the e2e suite take seconds).
 */
export const IDLE_EXIT_MS = 5 * 60_000;

export interface WorkerPoolEntry {
  /** Worker's `filename`: a path, or code when `eval` is set. */
  filename: string;
  eval: boolean;
}

/**
 * The worker's entry, from the module that owns it. Built (a `.js` bundle), the bundle `builtName` beside
 * it (scripts/build.mjs writes it). From sources (tsx, vitest) Node 20 cannot start a `.ts` worker
 * (`--import tsx` in a worker's execArgv leaves ERR_UNKNOWN_FILE_EXTENSION): a one-line bootstrap
 * registers tsx's loader in the thread, then imports the `.ts` entry (a second or two per thread).
 */
export function resolveWorkerPoolEntry(
  moduleUrl: string,
  sourceName: string,
  builtName: string,
): WorkerPoolEntry {
  if (!moduleUrl.endsWith('.ts')) {
    return { filename: fileURLToPath(new URL(`./${builtName}`, moduleUrl)), eval: false };
  }
  // tsx's ES-module API (require.resolve would answer its CommonJS build).
  const tsxPackage = createRequire(moduleUrl).resolve('tsx/package.json');
  const tsxApi = pathToFileURL(join(dirname(tsxPackage), 'dist/esm/api/index.mjs')).href;
  const source = new URL(`./${sourceName}`, moduleUrl).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((api) => { api.register(); return import(${JSON.stringify(source)}); });`;
  return { filename: bootstrap, eval: true };
}

export type ToPoolWorker<I> = { id: number; input: I };
export type FromPoolWorker<O> = { id: number; output: O } | { id: number; error: PoolJobError };
/** An error thrown by the job, as data: its name and message (and the job's own fields) cross the thread. */
export interface PoolJobError {
  name: string;
  message: string;
  details?: Record<string, unknown>;
}

/** A job that threw in the worker: `name` and `details` say what, for the caller to map to an answer. */
export class WorkerJobError extends Error {
  constructor(readonly job: PoolJobError) {
    super(job.message);
    this.name = job.name;
  }
}

interface Job<I, O> {
  id: number;
  input: I;
  resolve(output: O): void;
  reject(error: Error): void;
}

interface Thread<I, O> {
  worker: Worker;
  job: Job<I, O> | null;
  idleTimer: NodeJS.Timeout | null;
}

export class WorkerPool<I, O> {
  readonly #threads = new Set<Thread<I, O>>();
  /** Waiting jobs per key, in arrival order; the map's order is the turn (a served key goes last). */
  readonly #queues = new Map<string, Job<I, O>[]>();
  #nextId = 1;

  constructor(
    private readonly options: {
      name: string;
      size: number;
      entry: () => WorkerPoolEntry;
      /** The thread's heap: a job that outgrows it kills the thread, never the API process. */
      maxHeapMb?: number;
    },
  ) {}

  /** Runs `input` on a thread, after the jobs of other keys that were waiting before it, in turn. */
  run(key: string, input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      const job: Job<I, O> = { id: this.#nextId++, input, resolve, reject };
      const queue = this.#queues.get(key);
      if (queue) queue.push(job);
      else this.#queues.set(key, [job]);
      this.#dispatch();
    });
  }

  /**
   * Starts a thread now, ahead of the job a screen is about to send (its editor opened), unless one is
   * already up: the thread's start and warm-up overlap with the user's typing instead of their save.
   */
  prestart(): void {
    if (this.#threads.size > 0 || this.options.size < 1) return;
    const thread = this.#start();
    if (thread) this.#idle(thread);
  }

  /** Threads running now (tests and benchmarks look). */
  get threadCount(): number {
    return this.#threads.size;
  }

  /** Stops every thread; jobs they held fail, waiting jobs stay queued for new threads. */
  async close(): Promise<void> {
    await Promise.all([...this.#threads].map((thread) => this.#stop(thread)));
  }

  #takeNextJob(): Job<I, O> | null {
    for (const [key, queue] of this.#queues) {
      const job = queue.shift();
      this.#queues.delete(key);
      // Re-inserted at the end: the next job comes from the next key in turn.
      if (queue.length > 0) this.#queues.set(key, queue);
      if (job) return job;
    }
    return null;
  }

  #dispatch() {
    while (this.#queues.size > 0) {
      let thread: Thread<I, O> | null =
        [...this.#threads].find((candidate) => candidate.job === null) ?? null;
      if (!thread) {
        if (this.#threads.size >= this.options.size) return;
        thread = this.#start();
        if (!thread) return;
      }
      const job = this.#takeNextJob();
      if (!job) return;
      this.#assign(thread, job);
    }
  }

  #assign(thread: Thread<I, O>, job: Job<I, O>) {
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    thread.idleTimer = null;
    thread.job = job;
    thread.worker.ref();
    thread.worker.postMessage({ id: job.id, input: job.input } satisfies ToPoolWorker<I>);
  }

  #start(): Thread<I, O> | null {
    const entry = this.options.entry();
    if (!entry.eval && !existsSync(entry.filename)) {
      const error = new Error(
        `The ${this.options.name} worker is missing at ${entry.filename}: build the API`,
      );
      for (const queue of this.#queues.values()) for (const job of queue) job.reject(error);
      this.#queues.clear();
      return null;
    }
    const worker = new Worker(entry.filename, {
      eval: entry.eval,
      name: this.options.name,
      ...(this.options.maxHeapMb
        ? { resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb } }
        : {}),
    });
    const thread: Thread<I, O> = { worker, job: null, idleTimer: null };
    this.#threads.add(thread);
    worker.on('message', (message: FromPoolWorker<O>) => {
      const job = thread.job;
      if (!job || job.id !== message.id) return;
      thread.job = null;
      if ('error' in message) job.reject(new WorkerJobError(message.error));
      else job.resolve(message.output);
      this.#idle(thread);
      this.#dispatch();
    });
    const onGone = (error: Error) => {
      if (!this.#threads.delete(thread)) return;
      if (thread.idleTimer) clearTimeout(thread.idleTimer);
      thread.job?.reject(error);
      thread.job = null;
      this.#dispatch();
    };
    worker.once('error', (error) =>
      onGone(new Error(`The ${this.options.name} worker failed: ${error.message}`)),
    );
    worker.once('exit', (code) => onGone(new Error(`The ${this.options.name} worker exited (${code})`)));
    return thread;
  }

  #idle(thread: Thread<I, O>) {
    // An idle thread never keeps the process alive, and leaves after a while (its memory with it).
    thread.worker.unref();
    thread.idleTimer = setTimeout(() => void this.#stop(thread), IDLE_EXIT_MS);
    thread.idleTimer.unref();
  }

  async #stop(thread: Thread<I, O>) {
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    thread.idleTimer = null;
    await thread.worker.terminate();
  }
}
