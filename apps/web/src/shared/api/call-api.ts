import {
  answerableErrorCodes,
  type CallRoute,
  type RequestOf,
  type ResponseOf,
  TOTAL_COUNT_HEADER,
} from '@caudal/contract/routes';
import { endSession } from '../auth/session-end';
import { getToken } from '../auth/token-store';
import { getRuntimeConfig } from '../config/runtime-config';
import { ApiError, endsSession, NETWORK_STATUS, narrowToCall, readRetryAfter, toApiError } from './api-error';
import { buildRequest } from './build-request';
import { takeEarlyCall } from './early-calls';
import { BACKGROUND_CALL_HEADER, isBackgroundCall, noteSessionCall } from './session-activity';
import { parseTotalCount } from './total-count';

export interface CallOptions {
  signal?: AbortSignal;
  /** Statuses whose body is still a valid answer (GET /health answers 503 with its usual shape). */
  acceptStatuses?: readonly number[];
  /** Logout must not bounce to the login page when the session is already gone. */
  skipSessionEnd?: boolean;
  /**
   * Whether the call shows the user is there, which extends the session's idle time. By default it
   * does when the user acted within the last minute (`isBackgroundCall`); the keep-alive says so itself:
   * its ping is the user's (they worked in a form, or chose to stay), its check after the idle time is not.
   */
  activity?: 'user' | 'background';
}

/**
 * One call of the contract: POST (or GET) JSON to `apiBaseUrl + path`, with the bearer token (or the
 * answer of the same call started early, early-calls.ts); failures throw `ApiError` with the wire code.
 * The answer is typed by the route but not parsed here: the server checks every answer against the
 * same contract before sending it (and answers 500 when one breaks it), and parsing again would make
 * every screen download zod.
 */
export async function callApi<C extends CallRoute>(
  contract: C,
  body: RequestOf<C>,
  options: CallOptions = {},
): Promise<ResponseOf<C>> {
  const { data } = await send(contract, body, options);
  return data;
}

export interface Page<T> {
  items: T[];
  /** All matches on the server (the `x-total-count` header), not just this page. */
  total: number;
}

type ItemOf<C extends CallRoute> = ResponseOf<C> extends readonly (infer T)[] ? T : never;

/**
 * A paged list call (contracts flagged `totalCountHeader`): the body is the page's rows and the total
 * travels in a header, so callers get both without every other call paying for it.
 */
export async function callApiPage<C extends CallRoute>(
  contract: C,
  body: RequestOf<C>,
  options: CallOptions = {},
): Promise<Page<ItemOf<C>>> {
  const { data, response } = await send(contract, body, options);
  const items = (Array.isArray(data) ? data : []) as ItemOf<C>[];
  return { items, total: parseTotalCount(response.headers.get(TOTAL_COUNT_HEADER), items.length) };
}

async function send<C extends CallRoute>(
  contract: C,
  body: RequestOf<C>,
  options: CallOptions,
): Promise<{ data: ResponseOf<C>; response: Response }> {
  const token = getToken();
  const request = buildRequest(contract, body, token, getRuntimeConfig().apiBaseUrl);
  const early = takeEarlyCall(request);
  if (options.signal) request.init.signal = options.signal;
  // A screen polling in a tab nobody uses must not keep its session alive forever: such a call says so.
  const isSessionCall = token !== null && contract.access.kind !== 'public';
  const isBackground =
    isSessionCall && (options.activity ? options.activity === 'background' : isBackgroundCall());
  if (isBackground) request.init.headers[BACKGROUND_CALL_HEADER] = '1';

  let response: Response;
  try {
    response = await (early ?? fetch(request.url, request.init));
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError('UnexpectedError', NETWORK_STATUS);
  }

  // Any answer to a signed-in call but the one that ends the session restarts the server's idle clock,
  // unless it was a background call: the keep-alive's warning then still comes for an unattended tab.
  if (isSessionCall && !isBackground && response.status !== 401) noteSessionCall();
  const payload = await readBody(response);
  if (response.ok || options.acceptStatuses?.includes(response.status)) {
    return { data: payload as ResponseOf<C>, response };
  }

  const error = narrowToCall(toApiError(response.status, payload), answerableErrorCodes(contract));
  error.retryAfterSeconds = readRetryAfter(response.headers.get('retry-after'));
  if (!options.skipSessionEnd && endsSession(error, contract.access.kind === 'public')) {
    endSession(error.code === 'SessionExpired' ? 'expired' : 'ended', token);
  }
  throw error;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
