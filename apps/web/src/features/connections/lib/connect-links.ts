/** The query marker the hosted connect flow brings back to the connections page (spec section 7). */
export const FROM_LINK_PARAM = 'fromlink';
const CREDENTIALS_TOKEN_PARAM = 'credentials_token';

/** Where the hosted flow returns: our connections page, in the user's language, with the marker. */
export function connectRedirectUri(origin: string, lang: string): string {
  return `${origin.replace(/\/+$/, '')}/${lang}/wealth/connections?${FROM_LINK_PARAM}=true`;
}

/**
 * Whether the page was opened on return from the connect flow, and the query without the marker (so a
 * reload or a shared URL does not announce the connection again).
 */
export function consumeFromLink(params: URLSearchParams): { connected: boolean; rest: URLSearchParams } {
  const connected = params.get(FROM_LINK_PARAM) === 'true';
  const rest = new URLSearchParams(params);
  rest.delete(FROM_LINK_PARAM);
  rest.delete(CREDENTIALS_TOKEN_PARAM);
  return { connected, rest };
}

/**
 * Spec section 8: failures of these calls are only logged and yield null; the screen then shows a
 * generic error. Keeps the log line tagged with what failed.
 */
export async function yieldNullOnFailure<T>(
  what: string,
  task: () => Promise<T>,
  log: (message: string, error: unknown) => void = console.error,
): Promise<T | null> {
  try {
    return await task();
  } catch (error) {
    log(`[connections] ${what} failed`, error);
    return null;
  }
}
