import { describe, expect, it } from 'vitest';
import {
  ApiError,
  endsSession,
  errorMessageKey,
  NETWORK_STATUS,
  readRetryAfter,
  refetchAfterOutage,
  shouldRetry,
  toApiError,
} from './api-error';

describe('toApiError', () => {
  it('keeps the wire code and the field issues', () => {
    const error = toApiError(400, {
      error: {
        code: 'ValidationError',
        message: 'Invalid body',
        issues: [{ path: ['name'], message: 'validation.maxLength', params: { n: 100 } }],
      },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'ValidationError', status: 400 });
    expect(error.issues).toEqual([{ path: ['name'], message: 'validation.maxLength', params: { n: 100 } }]);
  });

  it('derives a code from the status when the body is not a contract error', () => {
    expect(toApiError(401, 'Unauthorized').code).toBe('Unauthorized');
    expect(toApiError(403, undefined).code).toBe('Forbidden');
    expect(toApiError(502, '<html>Bad gateway</html>').code).toBe('ServiceUnavailable');
    expect(toApiError(503, { error: { code: 'ServiceUnavailable', message: 'x' } }).code).toBe(
      'ServiceUnavailable',
    );
    expect(toApiError(500, { error: { code: 'NotACode', message: '' } }).code).toBe('UnexpectedError');
  });

  it('does not take an unknown code from the body, whatever the status', () => {
    const error = toApiError(409, { error: { code: 'SomethingNew', message: 'x' } });
    expect(error).toMatchObject({ code: 'UnexpectedError', status: 409 });
    expect(toApiError(404, { error: { code: 'notfound', message: 'x' } }).code).toBe('NotFound');
  });

  it('reads a malformed error body as no contract error at all', () => {
    const malformed: unknown[] = [
      { error: 'NotFound' },
      { error: null },
      [{ error: { code: 'NotFound', message: 'x' } }],
      { error: { code: 'NotFound' } },
      { error: { code: 'NotFound', message: 42 } },
      { error: { code: 'NotFound', message: 'x', issues: 'name' } },
      {
        error: { code: 'NotFound', message: 'x', issues: [{ path: 'name', message: 'validation.required' }] },
      },
      { error: { code: 'NotFound', message: 'x', issues: [{ path: [{}], message: 'validation.required' }] } },
      { error: { code: 'NotFound', message: 'x', issues: [{ path: ['name'] }] } },
      { error: { code: 'NotFound', message: 'x', issues: [{ path: [], message: 'm', params: { n: [1] } }] } },
    ];
    for (const body of malformed) {
      const error = toApiError(400, body);
      expect(error, JSON.stringify(body)).toMatchObject({ code: 'ValidationError', status: 400, issues: [] });
      expect(error.message, JSON.stringify(body)).toBe('ValidationError');
    }
  });

  it('accepts issues with numeric paths and params, and no issues at all', () => {
    const issue = {
      path: ['rows', 0, 'name'],
      message: 'validation.maxLength',
      params: { n: 3, character: 'x' },
    };
    expect(
      toApiError(400, { error: { code: 'ValidationError', message: 'x', issues: [issue] } }).issues,
    ).toEqual([issue]);
    expect(toApiError(404, { error: { code: 'NotFound', message: 'No such client' } })).toMatchObject({
      code: 'NotFound',
      issues: [],
      message: 'No such client',
    });
  });
});

describe('endsSession (spec section 4/8)', () => {
  it('ends the session on 401, 403 and SessionExpired from session calls', () => {
    expect(endsSession(new ApiError('Unauthorized', 401), false)).toBe(true);
    expect(endsSession(new ApiError('Forbidden', 403), false)).toBe(true);
    expect(endsSession(new ApiError('ModuleDisabled', 403), false)).toBe(true);
    expect(endsSession(new ApiError('SessionExpired', 401), false)).toBe(true);
  });

  it('passes other errors on', () => {
    expect(endsSession(new ApiError('ValidationError', 400), false)).toBe(false);
    expect(endsSession(new ApiError('UnexpectedError', 500), false)).toBe(false);
  });

  it('never treats a failed login (public call) as a lost session', () => {
    expect(endsSession(new ApiError('LoginFailed', 401), true)).toBe(false);
  });
});

describe('errorMessageKey', () => {
  it('maps codes to catalogue keys', () => {
    expect(errorMessageKey(new ApiError('LoginFailed', 401))).toBe('errors.codes.LoginFailed');
    expect(errorMessageKey(new ApiError('UnexpectedError', NETWORK_STATUS))).toBe('errors.network');
    expect(errorMessageKey(new TypeError('boom'))).toBe('errors.generic');
  });
});

describe('shouldRetry', () => {
  it('retries only transient failures, at most twice', () => {
    expect(shouldRetry(0, new ApiError('UnexpectedError', 503))).toBe(true);
    expect(shouldRetry(0, new ApiError('UnexpectedError', NETWORK_STATUS))).toBe(true);
    expect(shouldRetry(2, new ApiError('UnexpectedError', 503))).toBe(false);
    expect(shouldRetry(0, new ApiError('Unauthorized', 401))).toBe(false);
    expect(shouldRetry(0, new Error('x'))).toBe(false);
  });
});

describe('refetchAfterOutage', () => {
  const failed = (error: unknown) => ({ state: { status: 'error', error } });
  const unavailable = (retryAfterSeconds: number | null) => {
    const error = new ApiError('ServiceUnavailable', 503);
    error.retryAfterSeconds = retryAfterSeconds;
    return error;
  };

  it('asks again after the server’s Retry-After, kept within 5 s and 60 s, or after 10 s', () => {
    expect(refetchAfterOutage(failed(unavailable(30)))).toBe(30_000);
    expect(refetchAfterOutage(failed(unavailable(1)))).toBe(5_000);
    expect(refetchAfterOutage(failed(unavailable(3_600)))).toBe(60_000);
    expect(refetchAfterOutage(failed(unavailable(null)))).toBe(10_000);
    expect(refetchAfterOutage(failed(new ApiError('UnexpectedError', NETWORK_STATUS)))).toBe(10_000);
  });

  it('leaves alone a screen that is fine, or failed for a reason time does not mend', () => {
    expect(refetchAfterOutage({ state: { status: 'success', error: null } })).toBe(false);
    expect(refetchAfterOutage(failed(new ApiError('NotFound', 404)))).toBe(false);
    expect(refetchAfterOutage(failed(new ApiError('Unauthorized', 401)))).toBe(false);
    expect(refetchAfterOutage(failed(new Error('a bug')))).toBe(false);
  });
});

describe('readRetryAfter', () => {
  it('reads the delay form in seconds; a date, garbage or no header is none', () => {
    expect(readRetryAfter('600')).toBe(600);
    expect(readRetryAfter(' 5 ')).toBe(5);
    expect(readRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT')).toBeNull();
    expect(readRetryAfter('-1')).toBeNull();
    expect(readRetryAfter(null)).toBeNull();
  });
});
