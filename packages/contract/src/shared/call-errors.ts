import type { CallAccess, CallRoute } from './call-route';
import type { ErrorCode } from './error-codes';

/**
 * Codes any portal call may answer, whatever its own `errors` list says: the server's frame gives them,
 * not the call. A body the contract refuses, not sent as JSON, or too large or too deep, a method the path does not
 * take, a browser fetch of an API path as a font, image, style or script (security-headers.ts), a write
 * that lost a race or a state another request changed (a conflict: reload and retry), the database away
 * or slow, and our own bug.
 */
export const GENERIC_ERROR_CODES = [
  'ValidationError',
  'PayloadTooLarge',
  'UnsupportedMediaType',
  'NestingTooDeep',
  'MethodNotAllowed',
  'FetchDestinationRefused',
  'Conflict',
  'ServiceUnavailable',
  'UnexpectedError',
] as const satisfies readonly ErrorCode[];

export type GenericErrorCode = (typeof GENERIC_ERROR_CODES)[number];

/** Every code some call's `access` may add (the session's and the guard's): `accessErrorCodes` below. */
export type AccessErrorCode = 'Unauthorized' | 'SessionExpired' | 'Forbidden' | 'ModuleDisabled';

/**
 * The codes a call may answer, as a type: its own list (declared with `defineRoute<…>()({ errors })`),
 * the generic ones and those of a session's access. The portal narrows a failed call to these, so a
 * screen that maps a code its call never answers does not type-check. A route declared without its
 * codes' type (`defineRoute<…>({ … })`) answers any `ErrorCode`.
 */
export type CallErrorCode<C extends Pick<CallRoute, 'errors'>> =
  | C['errors'][number]
  | GenericErrorCode
  | AccessErrorCode;

/** What the guard answers for the call's `access` (shared/http/register-call.ts on the server). */
export function accessErrorCodes(access: CallAccess): AccessErrorCode[] {
  if (access.kind === 'public') return [];
  const codes: AccessErrorCode[] = ['Unauthorized', 'SessionExpired'];
  if (access.staffOnly || access.adminOnly || access.module) codes.push('Forbidden');
  if (access.module) codes.push('ModuleDisabled');
  return codes;
}

/**
 * Every code the call may answer: the generic ones, its access's and its own list. The server refuses
 * (in tests) to answer any other, so the list is true; the portal relies on it.
 */
export function answerableErrorCodes<C extends Pick<CallRoute, 'access' | 'errors'>>(
  route: C,
): ReadonlySet<CallErrorCode<C>> {
  return new Set<CallErrorCode<C>>([
    ...GENERIC_ERROR_CODES,
    ...accessErrorCodes(route.access),
    ...route.errors,
  ]);
}
