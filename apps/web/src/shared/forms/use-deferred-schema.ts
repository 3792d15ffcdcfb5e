import { useState } from 'react';
import type { SafeParser } from './issues-to-errors';

/**
 * Loads once, on the first call; a load that fails gives `null` and is tried again on the next call
 * (a network blip must not leave the form unchecked for good).
 */
export function createDeferredSchema(load: () => Promise<SafeParser>): () => Promise<SafeParser | null> {
  let pending: Promise<SafeParser | null> | null = null;
  return () => {
    pending ??= load().catch(() => {
      pending = null;
      return null;
    });
    return pending;
  };
}

/**
 * A form's contract schema, loaded when the form is first used (focus or submit) rather than with its
 * page, so a first screen does not carry zod and the schemas. A schema that fails to load gives `null`:
 * the form is sent unchecked, and the server, which validates with the same schema, answers the issues.
 */
export function useDeferredSchema(load: () => Promise<SafeParser>): () => Promise<SafeParser | null> {
  const [get] = useState(() => createDeferredSchema(load));
  return get;
}
