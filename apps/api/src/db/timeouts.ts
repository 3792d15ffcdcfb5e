/** How long the data path may wait; every limit answers a retriable 503 when it fires (see db/errors.ts). */
export interface DatabaseTimeouts {
  /** PostgreSQL `statement_timeout`: a statement running longer is cancelled. */
  statementMs: number;
  /** PostgreSQL `lock_timeout`: a statement waiting longer for a lock (a held `LOCK TABLE`) gives up. */
  lockMs: number;
  /** Waiting for a connection: a pool slot or a new connection (PostgreSQL), PGlite's single-connection mutex. */
  acquireMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  statementMs: 30_000,
  lockMs: 5_000,
  acquireMs: 5_000,
};
