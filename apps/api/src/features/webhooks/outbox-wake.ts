import pg from 'pg';
import { EVENTS_CHANNEL, onEventsCommitted } from '../../shared/events/events-signal';
import type { Logger } from '../../shared/logger';

export interface OutboxWakeOptions {
  /** One pass over the outbox; answers whether it found work (then another pass follows at once). */
  pass(): Promise<boolean>;
  /** PostgreSQL: a connection LISTENs for commits of other instances. Null on PGlite (one process). */
  postgresUrl: string | null;
  /** The fallback: a pass this often even unasked (a wake lost with a dropped connection, a crash). */
  fallbackMs: number;
  log: Logger;
}

export interface OutboxWake {
  /** Asks for a pass; settles when the passes it caused are over. */
  wake(): Promise<void>;
  stop(): Promise<void>;
}

/** A LISTEN connection that dropped is opened again after this long (a pass follows it). */
const RELISTEN_MS = 5_000;

/**
 * When the webhook dispatcher looks at the outbox (decision 0041): when a commit in this process wrote
 * events (after it committed), when another instance's commit did (PostgreSQL NOTIFY, which is
 * delivered on commit), and on a slow timer as a fallback. An idle company costs no query. One pass
 * at a time; wakes during a pass ask for one more, so none is lost and bursts fold into few passes.
 */
export function startOutboxWake(options: OutboxWakeOptions): OutboxWake {
  let isStopped = false;
  let isAskedAgain = false;
  let draining: Promise<void> | null = null;

  async function drain() {
    try {
      while (isAskedAgain && !isStopped) {
        isAskedAgain = false;
        // A pass that found work may have left more (a company's share per pass): go again.
        if (await options.pass()) isAskedAgain = true;
      }
    } finally {
      draining = null;
    }
  }

  function wake(): Promise<void> {
    if (isStopped) return Promise.resolve();
    isAskedAgain = true;
    draining ??= drain();
    return draining;
  }

  const unsubscribe = onEventsCommitted(() => void wake());
  const timer = setInterval(() => void wake(), options.fallbackMs);
  timer.unref();
  const listener = options.postgresUrl ? listenForEvents(options.postgresUrl, wake, options.log) : null;
  void wake();

  return {
    wake,
    async stop() {
      isStopped = true;
      unsubscribe();
      clearInterval(timer);
      await listener?.stop();
      await draining;
    },
  };
}

function listenForEvents(url: string, wake: () => void, log: Logger): { stop(): Promise<void> } {
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let isStopped = false;

  const reconnect = () => {
    client = null;
    if (isStopped) return;
    retry = setTimeout(() => void connect(), RELISTEN_MS);
    retry.unref();
  };

  async function connect() {
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    next.on('notification', () => wake());
    next.on('error', (error) => {
      log.warn({ err: error }, 'webhook events listener lost its connection; listening again soon');
      void next.end().catch(() => {});
    });
    next.on('end', () => {
      if (client === next) reconnect();
    });
    try {
      await next.connect();
      await next.query(`listen ${EVENTS_CHANNEL}`);
      if (isStopped) {
        await next.end();
        return;
      }
      client = next;
      // Events committed while nobody listened are taken now.
      wake();
    } catch (error) {
      log.warn(
        { err: error },
        'could not listen for webhook events; the fallback timer dispatches meanwhile',
      );
      await next.end().catch(() => {});
      reconnect();
    }
  }

  void connect();
  return {
    async stop() {
      isStopped = true;
      clearTimeout(retry);
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}
