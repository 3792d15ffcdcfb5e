/** How long the data path may wait; every limit answers a retriable 503 when it fires (see db/errors.ts). */
export interface DatabaseTimeouts {
  /** PostgreSQL `statement_timeout`: a statement running longer is cancelled. */
  statementMs: number;
  /** PostgreSQL `lock_timeout`: a statement waiting longer for a lock (a held `LOCK TABLE`) gives up. */
  lockMs: number;
  /** Waiting for a connection: a pool slot or a new connection (PostgreSQL), PGlite's single-connection mutex. */
  acquireMs: number;
  /**
   * PostgreSQL, client side: a statement not answered this long ends its connection (the server never
   * got it: a partition, a frozen server). Longer than `statementMs`, so the server stops first whatever
   * it can see (db/statement-deadline.ts).
   */
  deadlineMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  statementMs: 30_000,
  lockMs: 5_000,
  acquireMs: 5_000,
  deadlineMs: 35_000,
};

/** The deadline when none is configured: the statement timeout and this much for the answer to travel. */
export const DEADLINE_MARGIN_MS = 5_000;
