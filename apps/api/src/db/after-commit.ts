import { ScopedStorage } from './scoped-storage';

type Callback = () => void;

/** Scoped: a call that opens no transaction pays no async hook (scoped-storage.ts). */
const pending = new ScopedStorage<Callback[]>();

/**
 * Runs `callback` once the transaction running now has committed, never when it rolls back; at once
 * when no transaction runs (the statement before it has committed on its own). For in-process
 * signals only (the webhook dispatcher's wake-up): a callback must not throw nor query.
 */
export function afterCommit(callback: Callback): void {
  const callbacks = pending.getStore();
  if (callbacks) callbacks.push(callback);
  else callback();
}

/** Runs a transaction's `execute`, then the callbacks its work registered, once it has committed. */
export async function executeThenAfterCommit<R>(execute: () => Promise<R>): Promise<R> {
  const callbacks: Callback[] = [];
  const result = await pending.run(callbacks, execute);
  for (const callback of callbacks) {
    try {
      callback();
    } catch {
      // A signal that fails must not turn a committed change into an error.
    }
  }
  return result;
}
