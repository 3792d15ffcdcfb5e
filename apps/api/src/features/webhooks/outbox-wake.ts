import { deadlineClients, endWithin } from '../../db/statement-deadline';
import { EVENTS_CHANNEL, onEventsCommitted } from '../../shared/events/events-signal';
import { startWakeLoop } from '../../shared/jobs/wake-loop';
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
 * Opening the connection and its LISTEN get this long: started during a partition, they never answered,
 * and the listener never tried again (decision 0063). Stopping waits this long for a goodbye.
 */
const LISTEN_TIMEOUT_MS = 5_000;
const END_GRACE_MS = 1_000;
const listenClients = deadlineClients(LISTEN_TIMEOUT_MS);

/**
 * When the webhook dispatcher looks at the outbox (decision 0041): when a commit in this process wrote
 * events (after it committed), when another instance's commit did (PostgreSQL NOTIFY, which is
 * delivered on commit), and on a slow timer as a fallback (shared/jobs/wake-loop.ts: one pass at a
 * time, none lost). An idle company costs no query.
 */
export function startOutboxWake(options: OutboxWakeOptions): OutboxWake {
  const loop = startWakeLoop({
    pass: options.pass,
    fallbackMs: options.fallbackMs,
    onError: (error) => options.log.warn({ err: error }, 'webhook dispatch failed; the next wake retries'),
  });
  const wake = () => void loop.wake();
  const unsubscribe = onEventsCommitted(wake);
  const listener = options.postgresUrl ? listenForEvents(options.postgresUrl, wake, options.log) : null;
  return {
    wake: loop.wake,
    async stop() {
      unsubscribe();
      await listener?.stop();
      await loop.stop();
    },
  };
}

function listenForEvents(url: string, wake: () => void, log: Logger): { stop(): Promise<void> } {
  let client: InstanceType<typeof listenClients.Client> | null = null;
  let retry: NodeJS.Timeout | undefined;
  let isStopped = false;

  const reconnect = () => {
    client = null;
    if (isStopped) return;
    retry = setTimeout(() => void connect(), RELISTEN_MS);
    retry.unref();
  };

  async function connect() {
    const next = new listenClients.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: LISTEN_TIMEOUT_MS,
    });
    next.on('notification', () => wake());
    next.on('error', (error) => {
      log.warn({ err: error }, 'webhook events listener lost its connection; listening again soon');
      void endWithin(next, END_GRACE_MS);
    });
    next.on('end', () => {
      if (client === next) reconnect();
    });
    try {
      await next.connect();
      await next.query(`listen ${EVENTS_CHANNEL}`);
      if (isStopped) {
        await endWithin(next, END_GRACE_MS);
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
      await endWithin(next, END_GRACE_MS);
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
      if (open) await endWithin(open, END_GRACE_MS);
    },
  };
}
