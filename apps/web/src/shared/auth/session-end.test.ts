import { AUTH_STORAGE_KEY } from '@caudal/contract/routes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

/** A fresh module per test: the reason a document shows is module state, as it is per page load. */
async function loadSessionEnd() {
  vi.resetModules();
  const module = await import('./session-end');
  const handler = vi.fn();
  module.onSessionEnd(handler);
  return { ...module, handler };
}

const tick = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('session end', () => {
  let session: Storage;

  beforeEach(() => {
    session = memoryStorage();
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('sessionStorage', session);
    localStorage.setItem(AUTH_STORAGE_KEY, 'token-1');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('records why the held session ended, clears its token and runs the handler once', async () => {
    const { endSession, readSessionEndReason, handler } = await loadSessionEnd();
    endSession('expired', 'token-1');
    endSession('ended', 'token-1');
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(readSessionEndReason()).toBe('expired');
  });

  it('reading the reason uses nothing up: a discarded render, then the real one, both see it', async () => {
    const { endSession, readSessionEndReason } = await loadSessionEnd();
    endSession('ended', 'token-1');
    expect(readSessionEndReason()).toBe('ended');
    expect(readSessionEndReason()).toBe('ended');
    // Still stored: a full-page navigation before the login page painted finds it in the next document.
    const next = await loadSessionEnd();
    expect(next.readSessionEndReason()).toBe('ended');
  });

  it('once the login page has shown it, a reload does not repeat it', async () => {
    const { endSession, readSessionEndReason, markSessionEndReasonShown } = await loadSessionEnd();
    endSession('ended', 'token-1');
    expect(readSessionEndReason()).toBe('ended');
    markSessionEndReasonShown();
    // This document keeps showing it (a login form mounted again after a second redirect).
    expect(readSessionEndReason()).toBe('ended');
    const reloaded = await loadSessionEnd();
    expect(reloaded.readSessionEndReason()).toBeNull();
  });

  it('the 401s of calls in flight with the ended session do not bring the notice back', async () => {
    const { endSession, readSessionEndReason, markSessionEndReasonShown, handler } = await loadSessionEnd();
    endSession('ended', 'token-1');
    markSessionEndReasonShown();
    await tick();
    // The early entry's second call, refused for the same token, after the login page painted.
    endSession('expired', 'token-1');
    expect(handler).toHaveBeenCalledTimes(1);
    expect(session.getItem('auth.endedReason')).toBeNull();
    expect(readSessionEndReason()).toBe('ended');
  });

  it('a refusal for an earlier session does not sign the new one out', async () => {
    const { endSession, handler } = await loadSessionEnd();
    localStorage.setItem(AUTH_STORAGE_KEY, 'token-2');
    endSession('ended', 'token-1');
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBe('token-2');
    expect(handler).not.toHaveBeenCalled();
  });

  it('a call sent without a token, with none held, goes to the login page without a notice', async () => {
    localStorage.removeItem(AUTH_STORAGE_KEY);
    const { endSession, readSessionEndReason, handler } = await loadSessionEnd();
    endSession('ended', null);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(readSessionEndReason()).toBeNull();
  });

  it('a dismissal or a new sign-in forgets it in this document too', async () => {
    const { endSession, readSessionEndReason, forgetSessionEndReason } = await loadSessionEnd();
    endSession('ended', 'token-1');
    forgetSessionEndReason();
    expect(readSessionEndReason()).toBeNull();
    expect(session.getItem('auth.endedReason')).toBeNull();
  });
});
