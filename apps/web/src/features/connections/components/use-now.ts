import { useEffect, useState } from 'react';

/**
 * "Now" for time-based state (SCA goes stale after 20 h): a new Date every minute, so a page left open
 * moves credentials to "needs action" without a reload.
 */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
