import { useRef } from 'react';

/**
 * The last non-null value seen. A modal keeps showing its subject while it animates closed, instead of
 * flashing empty texts when the parent clears the selection.
 */
export function useLastDefined<T>(value: T | null | undefined): T | null {
  const last = useRef<T | null>(value ?? null);
  if (value != null) last.current = value;
  return last.current;
}
