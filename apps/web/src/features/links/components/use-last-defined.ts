import { useRef } from 'react';

/** The last non-null value: a modal keeps its subject while it animates closed. */
export function useLastDefined<T>(value: T | null | undefined): T | null {
  const last = useRef<T | null>(value ?? null);
  if (value != null) last.current = value;
  return last.current;
}
