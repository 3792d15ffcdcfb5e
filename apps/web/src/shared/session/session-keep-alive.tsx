import { useSessionKeepAlive } from './use-session-keep-alive';

/** Mounted once in the signed-in frame: see `useSessionKeepAlive`. */
export function SessionKeepAlive() {
  useSessionKeepAlive();
  return null;
}
