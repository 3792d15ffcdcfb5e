import { isDatabaseUnavailable } from '../../db/errors';
import type { Logger } from '../logger';

/**
 * pg-boss 10 (the last major that runs on Node 20) completes and fails a finished job without awaiting
 * either call (`onFetch` in its manager.js). When the database is restarting as a job ends, that
 * query's rejection is unhandled, and Node ends the process: a real `pg_ctlcluster restart` under load
 * took one of two instances down this way (bench/suite, --real-restart). A database that went away is
 * an outage the API rides out (issue 8: in-flight requests fail with a retriable 503, the process
 * stays up), so such a rejection is logged; the job stays active in the queue and pg-boss expires and
 * retries it. Any other unhandled rejection is a bug and still ends the process, as Node would.
 */
export function createRejectionHandler(
  log: Pick<Logger, 'warn' | 'fatal'>,
  exit: (code: number) => void = process.exit,
): (reason: unknown) => void {
  return (reason) => {
    if (isDatabaseUnavailable(reason)) {
      log.warn({ err: reason }, 'database unavailable under a call nobody awaited; the process stays up');
      return;
    }
    log.fatal({ err: reason }, 'unhandled rejection');
    exit(1);
  };
}

export function installRejectionGuard(log: Pick<Logger, 'warn' | 'fatal'>): void {
  process.on('unhandledRejection', createRejectionHandler(log));
}
