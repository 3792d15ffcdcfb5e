import { Writable } from 'node:stream';

/** 1 MiB per stored chunk: few rows in the database, little memory per export. */
export const EXPORT_CHUNK_BYTES = 1024 * 1024;

export type SaveChunk = (seq: number, data: Buffer) => Promise<void>;

/**
 * Where a writer's bytes go: gathered into chunks of `chunkBytes`, saved one at a time. While one chunk
 * is being saved the writer may fill the next, no more: a fast writer then waits for the database
 * instead of filling memory, and a slow save does not leave the writer idle.
 */
export class ChunkSink extends Writable {
  bytes = 0;
  #parts: Buffer[] = [];
  #pending = 0;
  #seq = 0;
  #isAborted = false;
  /** The save under way; a failure surfaces at the next write or at the end. */
  #saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly save: SaveChunk,
    private readonly chunkBytes = EXPORT_CHUNK_BYTES,
  ) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    if (this.#isAborted) return callback(new Error('export aborted'));
    this.#parts.push(chunk);
    this.#pending += chunk.length;
    this.bytes += chunk.length;
    if (this.#pending < this.chunkBytes) return callback();
    this.#flush().then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void) {
    this.#flush()
      .then(() => this.#saving)
      .then(() => callback(), callback);
  }

  /**
   * Stops taking bytes and waits for a save under way, so that whatever deletes the chunks next
   * deletes them all (a save landing after the delete would leave part of a file behind).
   */
  async abort(): Promise<void> {
    this.#isAborted = true;
    this.#parts = [];
    this.#pending = 0;
    this.destroy();
    await this.#saving.catch(() => {});
  }

  /** Waits for the previous save (throwing its failure), then starts this chunk's without waiting. */
  async #flush() {
    await this.#saving;
    if (this.#pending === 0 || this.#isAborted) return;
    const data = Buffer.concat(this.#parts, this.#pending);
    this.#parts = [];
    this.#pending = 0;
    this.#saving = this.save(this.#seq, data);
    // Observed here so a failure is not unhandled before the next write awaits it.
    this.#saving.catch(() => {});
    this.#seq += 1;
  }
}
