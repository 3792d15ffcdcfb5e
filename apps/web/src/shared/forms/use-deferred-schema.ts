import { useCallback, useRef } from 'react';
import type { SafeParser } from './issues-to-errors';

/**
 * A form's contract schema, loaded when the form is first used (focus or submit) rather than with its
 * page, so a first screen does not carry zod and the schemas. A schema that fails to load gives `null`:
 * the form is sent unchecked, and the server, which validates with the same schema, answers the issues.
 */
export function useDeferredSchema(load: () => Promise<SafeParser>): () => Promise<SafeParser | null> {
  const pending = useRef<Promise<SafeParser | null> | null>(null);
  return useCallback(() => {
    pending.current ??= load().catch(() => {
      pending.current = null;
      return null;
    });
    return pending.current;
  }, [load]);
}
