import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ExportRowValues } from './export-columns';
import type { ExportWriterSpec, FromWorker, ToWorker } from './export-protocol';

/** An idle worker is kept this long for the next export, then let go (its memory returns to the OS). */
const IDLE_EXIT_MS = 30_000;
/** Batches sent to the worker and not yet written: one being written, one waiting behind it. */
const BATCHES_IN_FLIGHT = 2;

export interface WorkerEntry {
  path: string;
  execArgv: string[];
}

/**
 * Where the worker's entry is, from the module that forks it. From source (tsx, vitest) this module is
 * `export-host.ts` and the worker its sibling `export-worker.ts`, run through tsx's loader (a child does
 * not inherit vitest's transform). Built, the code lives in `dist/main.js` and the worker is the bundle
 * `dist/export-worker.js` beside it (scripts/build.mjs builds both); plain Node runs it.
 */
export function resolveWorkerEntry(moduleUrl: string = import.meta.url): WorkerEntry {
  if (moduleUrl.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(moduleUrl).resolve('tsx')).href;
    return { path: fileURLToPath(new URL('./export-worker.ts', moduleUrl)), execArgv: ['--import', tsx] };
  }
  return { path: fileURLToPath(new URL('./export-worker.js', moduleUrl)), execArgv: [] };
}

/** What the API does for a session: store a chunk (the worker waits for it), record progress. */
export interface SessionHandlers {
  saveChunk(seq: number, data: Buffer): Promise<void>;
  progress(rows: number): void;
}

export interface WrittenFile {
  rows: number;
  bytes: number;
  /** The process that wrote the bytes (the worker, never the API process). */
  writerPid: number;
}

/** One export being written by the worker, seen from the API process. */
export class ExportSession {
  /** Resolves when the file is whole; rejects when the worker fails, exits, or the session is aborted. */
  readonly written: Promise<WrittenFile>;
  #settle!: { resolve: (file: WrittenFile) => void; reject: (error: Error) => void };
  #isSettled = false;
  #unacknowledged = 0;
  #wake: (() => void) | null = null;
  #saving: Promise<unknown> = Promise.resolve();

  constructor(
    readonly id: string,
    private readonly post: (message: ToWorker) => void,
    private readonly handlers: SessionHandlers,
    private readonly writerPid: number,
    private readonly onSettled: () => void,
  ) {
    this.written = new Promise<WrittenFile>((resolve, reject) => {
      this.#settle = { resolve, reject };
    });
    // Awaited by the export job; a failure before it awaits must not count as unhandled.
    this.written.catch(() => {});
  }

  /**
   * Sends a batch (PGlite): answers once the worker holds fewer than BATCHES_IN_FLIGHT unwritten ones,
   * so the API reads ahead by one batch at most. Throws the session's failure.
   */
  async sendRows(rows: ExportRowValues[]): Promise<void> {
    if (this.#isSettled) await this.written;
    this.#unacknowledged += 1;
    this.post({ type: 'rows', id: this.id, rows });
    while (this.#unacknowledged >= BATCHES_IN_FLIGHT && !this.#isSettled) {
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
    if (this.#isSettled) await this.written;
  }

  /** No more batches: the worker finishes the file. */
  end() {
    if (!this.#isSettled) this.post({ type: 'end', id: this.id });
  }

  /**
   * Stops the worker's session and waits for a chunk being stored, so that whatever deletes the chunks
   * next deletes them all (a save landing after the delete would leave part of a file behind).
   */
  async abort(): Promise<void> {
    if (!this.#isSettled) {
      this.post({ type: 'abort', id: this.id });
      this.fail(new Error('export aborted'));
    }
    await this.#saving;
  }

  receive(message: FromWorker) {
    if (this.#isSettled) return;
    if (message.type === 'chunk') this.#storeChunk(message.seq, message.data, message.rows);
    else if (message.type === 'rows-written') {
      this.handlers.progress(message.rows);
      this.#unacknowledged -= 1;
      this.#wakeSender();
    } else if (message.type === 'done') {
      this.#finish();
      this.#settle.resolve({ rows: message.rows, bytes: message.bytes, writerPid: this.writerPid });
    } else if (message.type === 'failed') this.fail(new Error(`export worker: ${message.message}`));
  }

  fail(error: Error) {
    if (this.#isSettled) return;
    this.#finish();
    this.#settle.reject(error);
  }

  #storeChunk(seq: number, data: Uint8Array, rows: number) {
    this.handlers.progress(rows);
    const saving = this.handlers.saveChunk(seq, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    this.#saving = saving.catch(() => {});
    saving.then(
      () => {
        if (!this.#isSettled) this.post({ type: 'chunk-saved', id: this.id });
      },
      (error: unknown) => {
        this.post({ type: 'abort', id: this.id });
        this.fail(error instanceof Error ? error : new Error(String(error)));
      },
    );
  }

  #finish() {
    this.#isSettled = true;
    this.#wakeSender();
    this.onSettled();
  }

  #wakeSender() {
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }
}

/**
 * The API process's export worker: one child process, forked on the first export, shared by the exports
 * that run at the same time, and let go after IDLE_EXIT_MS without any. It never keeps the API process
 * alive on its own; if it dies, its exports fail (and clean up) and the next export forks a new one.
 */
export class ExportHost {
  #worker: Promise<ChildProcess> | null = null;
  #pid: number | null = null;
  #idleTimer: NodeJS.Timeout | null = null;
  readonly #sessions = new Map<string, { session: ExportSession; worker: ChildProcess }>();

  constructor(private readonly entry: () => WorkerEntry = resolveWorkerEntry) {}

  /** The worker's process id while one runs (benchmarks sample its memory). */
  get pid(): number | null {
    return this.#pid;
  }

  async open(id: string, spec: ExportWriterSpec, handlers: SessionHandlers): Promise<ExportSession> {
    if (this.#sessions.has(id)) throw new Error(`export ${id} is already being written`);
    this.#clearIdleTimer();
    const worker = await this.#start();
    const session = new ExportSession(
      id,
      (message) => this.#post(worker, session, message),
      handlers,
      worker.pid ?? 0,
      () => this.#release(id),
    );
    this.#sessions.set(id, { session, worker });
    worker.channel?.ref();
    this.#post(worker, session, { type: 'start', id, spec });
    return session;
  }

  /** Lets the worker go now (exports it is writing fail); the next export forks a new one. */
  async close(): Promise<void> {
    this.#clearIdleTimer();
    const starting = this.#worker;
    this.#worker = null;
    const worker = await starting?.catch(() => null);
    if (worker?.connected) worker.disconnect();
  }

  #start(): Promise<ChildProcess> {
    if (this.#worker) return this.#worker;
    const starting = new Promise<ChildProcess>((resolve, reject) => {
      const entry = this.entry();
      if (!existsSync(entry.path)) {
        reject(new Error(`The export worker is missing at ${entry.path}: build the API (scripts/build.mjs)`));
        return;
      }
      const worker = fork(entry.path, [], {
        execArgv: entry.execArgv,
        // Structured clone over the pipe: chunks cross as bytes, not as JSON arrays of numbers.
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      worker.unref();
      let isGone = false;
      const onGone = (reason: string) => {
        if (isGone) return;
        isGone = true;
        if (this.#worker === starting) {
          this.#worker = null;
          this.#pid = null;
        }
        const error = new Error(`The export worker ${reason}`);
        reject(error);
        // Failing a session releases it (deleting it from the map while iterating is safe).
        for (const owned of this.#sessions.values()) if (owned.worker === worker) owned.session.fail(error);
      };
      worker.on('message', (message: FromWorker) => {
        if (message.type === 'ready') {
          if (this.#worker === starting) this.#pid = message.pid;
          resolve(worker);
        } else this.#sessions.get(message.id)?.session.receive(message);
      });
      worker.once('exit', (code, signal) => onGone(`exited (${signal ?? code})`));
      worker.once('error', (error) => onGone(`failed: ${error.message}`));
    });
    this.#worker = starting;
    return starting;
  }

  #post(worker: ChildProcess, session: ExportSession, message: ToWorker) {
    if (!worker.connected) {
      session.fail(new Error('The export worker is gone'));
      return;
    }
    worker.send(message, (error) => {
      if (error) session.fail(error);
    });
  }

  #release(id: string) {
    const entry = this.#sessions.get(id);
    this.#sessions.delete(id);
    const isIdle = ![...this.#sessions.values()].some((other) => other.worker === entry?.worker);
    if (isIdle) entry?.worker.channel?.unref();
    if (this.#sessions.size > 0) return;
    this.#clearIdleTimer();
    this.#idleTimer = setTimeout(() => void this.close(), IDLE_EXIT_MS);
    this.#idleTimer.unref();
  }

  #clearIdleTimer() {
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
  }
}

/** The process's export worker host: every export job of this process writes through it. */
export const exportHost = new ExportHost();
