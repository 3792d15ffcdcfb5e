type Listener = () => void;
const listeners = new Set<Listener>();

/** Called after a transaction that appended audit events has committed, in this process. */
export function onAuditCommitted(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function signalAuditCommitted(): void {
  for (const listener of listeners) listener();
}
