/**
 * PostgreSQL channel a commit that wrote events notifies (NOTIFY is transactional: it is delivered on
 * commit, never on rollback), so every instance's webhook dispatcher wakes, whichever wrote them.
 */
export const EVENTS_CHANNEL = 'caudal_events';

type Listener = () => void;
const listeners = new Set<Listener>();

/** Called after a transaction that emitted events has committed, in this process. Answers unsubscribe. */
export function onEventsCommitted(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function signalEventsCommitted(): void {
  for (const listener of listeners) listener();
}
