// The export worker: a child process of the API (forked by export-host.ts) that turns rows into file
// bytes, so the CPU of reading a million rows and writing CSV, XLSX or JSON never runs on the API's
// event loop, and its memory is this process's, given back to the OS when it exits. Each export is a
// session, keyed by its id. On PostgreSQL the worker reads the rows itself (a cursor on its own
// connection); on PGlite the API sends them in batches. Either way the bytes go back to the API in
// 1 MiB chunks, one at a time: the next is sent only once the API stored the last (decision 0019).
// Entry point of its own: in the built API it is `dist/export-worker.js`, beside `main.js`.
import { ChunkSink } from './chunk-sink';
import type { ExportRowValues } from './export-columns';
import type { ExportWriterSpec, FromWorker, RowFeed, ToWorker } from './export-protocol';
import { createExportWriter, type ExportWriter } from './export-writers';
import { createValueTranslator } from './value-translator';

/** How often a cursor export reports its row count (the wizard's live progress). */
const PROGRESS_EVERY_MS = 500;

const sessions = new Map<string, WorkerSession>();

function send(message: FromWorker) {
  process.send?.(message);
}

class WorkerSession {
  #rows = 0;
  #isClosed = false;
  #tail: Promise<void> = Promise.resolve();
  #pendingSave: { resolve: () => void; reject: (error: Error) => void } | null = null;
  #cursor: AsyncGenerator<ExportRowValues[]> | null = null;
  readonly #sink: ChunkSink;
  #writer: ExportWriter | null = null;
  readonly #translate: (row: ExportRowValues) => ExportRowValues;

  constructor(
    readonly id: string,
    spec: ExportWriterSpec,
  ) {
    this.#sink = new ChunkSink((seq, data) => this.#save(seq, data), spec.chunkBytes);
    // A failed save surfaces through the awaited writes, not as an unhandled stream event.
    this.#sink.on('error', () => {});
    this.#translate = createValueTranslator(spec.translations);
    this.#then(async () => {
      this.#writer = await createExportWriter(spec.format, spec.columns, this.#sink, { csv: spec.csv });
    });
    const { feed } = spec;
    if (feed.kind === 'cursor') this.#then(() => this.#copyCursor(feed));
  }

  /** A batch from the API (PGlite): written in order, then acknowledged so the API sends more. */
  write(rows: ExportRowValues[]) {
    this.#then(async () => {
      await this.#writerOrThrow().writeRows(rows.map(this.#translate));
      this.#rows += rows.length;
      send({ type: 'rows-written', id: this.id, rows: this.#rows });
    });
  }

  end() {
    this.#then(() => this.#finish());
  }

  chunkSaved() {
    const pending = this.#pendingSave;
    this.#pendingSave = null;
    pending?.resolve();
  }

  /** Stops at once: the API fails the export and deletes whatever chunks it stored. */
  abort() {
    if (this.#isClosed) return;
    this.#isClosed = true;
    sessions.delete(this.id);
    this.#pendingSave?.reject(new Error('export aborted'));
    this.#pendingSave = null;
    // Closes the cursor and its connection (the generator's `finally`), even mid-batch.
    void this.#cursor?.return(undefined).catch(() => {});
    void this.#sink.abort();
  }

  #save(seq: number, data: Buffer): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#pendingSave = { resolve, reject };
      send({ type: 'chunk', id: this.id, seq, data, rows: this.#rows });
    });
  }

  async #copyCursor(feed: Extract<RowFeed, { kind: 'cursor' }>) {
    // Loaded only here: an embedded (PGlite) API's worker never needs a PostgreSQL client.
    const { readCursor } = await import('./export-cursor');
    this.#cursor = readCursor(feed.url, feed.sql, feed.parameters, { readDeadlineMs: feed.readDeadlineMs });
    let reportedAt = Date.now();
    for await (const batch of this.#cursor) {
      if (this.#isClosed) return;
      await this.#writerOrThrow().writeRows(batch.map(this.#translate));
      this.#rows += batch.length;
      if (Date.now() - reportedAt >= PROGRESS_EVERY_MS) {
        reportedAt = Date.now();
        send({ type: 'rows-written', id: this.id, rows: this.#rows });
      }
    }
    await this.#finish();
  }

  async #finish() {
    await this.#writerOrThrow().finish();
    if (this.#isClosed) return;
    this.#isClosed = true;
    sessions.delete(this.id);
    send({ type: 'done', id: this.id, rows: this.#rows, bytes: this.#sink.bytes });
  }

  #writerOrThrow(): ExportWriter {
    if (!this.#writer) throw new Error('export writer not created');
    return this.#writer;
  }

  /** Steps run one after another; the first failure ends the session and tells the API. */
  #then(step: () => Promise<void>) {
    this.#tail = this.#tail
      .then(() => (this.#isClosed ? undefined : step()))
      .catch((error: unknown) => {
        if (this.#isClosed) return;
        send({
          type: 'failed',
          id: this.id,
          message: error instanceof Error ? error.message : String(error),
        });
        this.abort();
      });
  }
}

process.on('message', (message: ToWorker) => {
  if (message.type === 'start') {
    sessions.set(message.id, new WorkerSession(message.id, message.spec));
    return;
  }
  const session = sessions.get(message.id);
  if (!session) return;
  if (message.type === 'rows') session.write(message.rows);
  else if (message.type === 'end') session.end();
  else if (message.type === 'chunk-saved') session.chunkSaved();
  else session.abort();
});
// The API went away (stopped, crashed, or let an idle worker go): nothing is left to write for.
process.on('disconnect', () => process.exit(0));
send({ type: 'ready', pid: process.pid });
