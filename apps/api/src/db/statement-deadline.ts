import pg from 'pg';
import { ScopedStorage } from './scoped-storage';

/**
 * A client-side deadline on every statement a PostgreSQL connection runs (decision 0063).
 *
 * Why: `statement_timeout` runs inside PostgreSQL, so it never fires for a statement PostgreSQL never
 * received. A network partition or a frozen server keeps the socket open and answers nothing (TCP
 * keepalive is answered by whatever holds the other end: a proxy, a relay): the statement's promise
 * never settled, its call never answered, and its connection stayed checked out (or went back to the
 * pool still waiting), so the pool never healed until a restart (found by QA through a relay).
 *
 * A statement not answered within the deadline ends its connection (the socket is destroyed): the
 * statement and any queued behind it fail with `STATEMENT_DEADLINE`, a retriable 503 (db/errors.ts),
 * and the pool discards the client when it is released (node-postgres marks it not queryable), so new
 * connections are opened once the database answers again. The deadline is longer than
 * `statement_timeout`, so a statement the server can see is always stopped by the server first (a
 * clean 57014 that keeps the connection).
 *
 * The clock starts when the statement is handed to the connection. A cursor (a submittable such as
 * pg-cursor's) is read over several round trips after `query` returns and is not bounded here.
 */
export const STATEMENT_DEADLINE = 'STATEMENT_DEADLINE';

/** `undefined` outside any scope: the connection's own deadline. `null`: none. */
const deadlineScope = new ScopedStorage<number | null>();

/**
 * Runs `callback` with every statement it sends bounded by `ms` instead of the pool's deadline; `null`
 * lifts it, for work that disables `statement_timeout` on purpose (migrations waiting for another
 * instance's, a long migration itself). Statements must be sent within the callback's own async extent.
 */
export function withStatementDeadline<R>(ms: number | null, callback: () => Promise<R>): Promise<R> {
  return deadlineScope.run(ms, callback);
}

/** `withStatementDeadline(null, …)`: statements that may run as long as they need. */
export function withoutStatementDeadline<R>(callback: () => Promise<R>): Promise<R> {
  return withStatementDeadline(null, callback);
}

export interface DeadlineClients {
  /** The connection class for `pg.Pool`'s `Client` option: every statement bounded by the deadline. */
  Client: typeof pg.Client;
  /**
   * Shutdown: ends at once every connection of this class with a statement in flight (its statements
   * fail as at their deadline), and bounds every later statement by `STOPPING_DEADLINE_MS`, so nothing
   * on the way down waits for a database that does not answer.
   */
  interrupt(): void;
}

type Callback = (error: Error | null, result?: unknown) => void;

/** After `interrupt`: what is left to send on the way down (pg-boss failing its active jobs) is short. */
export const STOPPING_DEADLINE_MS = 1_000;

/** A connection class whose statements end their connection when not answered within `deadlineMs`. */
export function deadlineClients(deadlineMs: number): DeadlineClients {
  const waiting = new Set<DeadlineClient>();
  let isStopping = false;

  class DeadlineClient extends pg.Client {
    #inFlight = 0;

    constructor(config?: string | pg.ClientConfig) {
      super(config);
      // A connection this class ended emits 'error' after failing its statements with it; the
      // statements carry the error, the event must not end the process.
      this.on('error', () => {});
    }

    /** Ends the connection: its statements fail with `error`, and the pool will not hand it out again. */
    abandon(error: Error): void {
      const stream = (this as unknown as { connection?: { stream?: { destroy(error?: Error): void } } })
        .connection?.stream;
      stream?.destroy(error);
    }

    // biome-ignore lint/suspicious/noExplicitAny: node-postgres's overloads (text, config, submittable; promise or callback)
    override query(...args: any[]): any {
      const [config] = args;
      const send = (super.query as (...sent: unknown[]) => unknown).bind(this);
      const scoped = deadlineScope.getStore();
      const chosen = scoped === undefined ? deadlineMs : scoped;
      const ms = isStopping ? Math.min(chosen ?? STOPPING_DEADLINE_MS, STOPPING_DEADLINE_MS) : chosen;
      if (ms === null || typeof config?.submit === 'function') return send(...args);
      let timer: NodeJS.Timeout | undefined;
      const settle = () => {
        if (timer === undefined) return;
        clearTimeout(timer);
        timer = undefined;
        this.#inFlight -= 1;
        if (this.#inFlight === 0) waiting.delete(this);
      };
      this.#inFlight += 1;
      waiting.add(this);
      timer = setTimeout(() => {
        this.abandon(deadlineError(`The database did not answer within ${ms} ms; its connection was closed`));
      }, ms);
      timer.unref();
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const callback = args[last] as Callback;
        args[last] = (error: Error | null, result?: unknown) => {
          settle();
          callback(error, result);
        };
        return send(...args);
      }
      const result = send(...args) as Promise<unknown>;
      result.then(settle, settle);
      return result;
    }

    /** Ends the connection if a statement is in flight (see `interrupt`). */
    interrupt(): void {
      if (this.#inFlight > 0)
        this.abandon(deadlineError('The process is stopping; its connection was closed'));
    }
  }

  return {
    Client: DeadlineClient,
    interrupt() {
      isStopping = true;
      for (const client of [...waiting]) client.interrupt();
    },
  };
}

function deadlineError(message: string): Error {
  return Object.assign(new Error(message), { code: STATEMENT_DEADLINE });
}

/**
 * Ends a connection of its own (not pooled) within `graceMs`: `end()` says goodbye and waits for the
 * socket to close, which a partitioned network never does; after the grace the socket is destroyed.
 */
export async function endWithin(client: pg.Client, graceMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, graceMs);
  });
  try {
    await Promise.race([client.end().catch(() => {}), grace]);
  } finally {
    clearTimeout(timer);
  }
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}
