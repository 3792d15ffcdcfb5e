import { describe, expect, it } from 'vitest';
import * as contract from '../index';

/** Calls that change no state a person would audit: reads, and the session's own plumbing. */
const READS_OR_SESSION_PLUMBING = new Set([
  // Reads (POST or GET) of every feature.
  '/platform/me',
  '/platform/list-entities',
  '/health',
  '/ready',
  '/config.json',
  '/platform/audit/list-events',
  '/platform/wealth/client-list',
  '/platform/wealth/client-get',
  '/platform/wealth/client-account-list',
  '/platform/wealth/client-portfolio-list',
  '/platform/wealth/client-liability-list',
  '/platform/wealth/product-transaction-list',
  '/platform/wealth/portfolio-investment-list',
  '/platform/wealth/portfolio-transaction-list',
  '/platform/wealth/investment-get',
  '/platform/wealth/client-overview',
  '/platform/wealth/client-balance-history',
  '/platform/wealth/portfolio-value-history',
  '/platform/wealth/investment-history',
  '/platform/team/list-staff',
  '/v0/platform/team/get-invitation',
  '/platform/wealth/get-available-exports',
  '/platform/wealth/export-status',
  '/platform/wealth/export-list',
  '/platform/wealth/export-client-entities',
  '/platform/summary/get-summary',
  '/platform/summary/get-consent-counts',
  '/platform/wealth/unmatched-list',
  '/platform/wealth/unmatched-list-hidden',
  '/platform/wealth/unmatched-count',
  '/platform/wealth/get-credentials-information',
  '/platform/wealth/get-credential-counts',
  '/platform/wealth/get-credentials-identity',
  '/platform/wealth/get-credentials-product-holders',
  '/v0/connect/get-session',
  // A visitor's step in the hosted flow: a funnel figure (no personal data), not a change to audit.
  '/v0/connect/choose-institution',
  '/platform/links/get-link-funnel',
  '/platform/connections/get-institution-health',
  '/platform/custom-css/get-custom-css',
  '/platform/links/list-links',
  '/platform/portals/list-portals',
  '/platform/portals/get-portal',
  '/platform/applications/list-applications',
  '/platform/webhooks/list-endpoints',
  '/platform/webhooks/list-deliveries',
  '/platform/webhooks/list-attempts',
  '/platform/security/two-factor',
  '/platform/security/list-sessions',
  '/platform/team/two-factor-policy',
  '/platform/team/company-language',
  // Checks a Link code without spending it.
  '/platform/link-callback',
  // A signed, short-lived download URL for an export already recorded by export-generate.
  '/platform/wealth/export-download-link',
  // The audit log's own export: its status, and its download URL (export-events is recorded).
  '/platform/audit/export-status',
  '/platform/audit/export-download-link',
  // Sign-in and logout are audited as their own kinds (sign-in, sign-in-failed, logout).
  '/auth/v0/login',
  '/auth/v0/logout',
  // The second step of a sign-in by code: audited as sign-in and sign-in-failed events naming the
  // factor, as the password step is. (Enrolment at sign-in also sets a key: it declares the account
  // page's begin-enrolment and confirm-enrolment actions.)
  '/auth/v0/login/verify-code',
  // Only queues a mail; the reset itself (reset-password) is audited.
  '/v0/platform/forgot-password',
  // Opens a visitor's connect session; what the visitor then does (submit-credentials) is audited.
  '/v0/links/start-session',
]);

/** Words a recorded field must never carry: a password, secret, token, code, CSS body, bank credential. */
const FORBIDDEN = /password|secret|token|code|css|file|credential|login|username_bank|pin|otp|sca/i;

interface AnyCall {
  path: string;
  method?: string;
  audit?: contract.CallContract['audit'];
  request?: { shape?: Record<string, unknown> };
  body?: { shape?: Record<string, unknown> } | null;
}

function everyCall(): AnyCall[] {
  const calls: AnyCall[] = [];
  for (const namespace of Object.values(contract)) {
    if (!namespace || typeof namespace !== 'object') continue;
    for (const value of Object.values(namespace as Record<string, unknown>)) {
      if (value && typeof value === 'object' && typeof (value as AnyCall).path === 'string') {
        calls.push(value as AnyCall);
      }
    }
  }
  return calls;
}

describe('audit declarations', () => {
  const calls = everyCall();

  it('finds the calls of every feature', () => {
    expect(calls.length).toBeGreaterThan(60);
  });

  it('makes every state-changing call declare its audit event', () => {
    const undeclared = calls.filter(
      (call) => call.method !== 'GET' && !call.audit && !READS_OR_SESSION_PLUMBING.has(call.path),
    );
    expect(undeclared.map((call) => call.path)).toEqual([]);
  });

  it('records only request fields that exist, and none that is a secret', () => {
    for (const call of calls.filter((candidate) => candidate.audit)) {
      const shape = call.request?.shape ?? call.body?.shape ?? {};
      for (const field of call.audit?.fields ?? []) {
        expect(Object.keys(shape), `${call.path} records ${field}`).toContain(field);
        expect(field, `${call.path} records ${field}`).not.toMatch(FORBIDDEN);
      }
      for (const field of call.audit?.storedFields ?? []) {
        expect(Object.keys(shape), `${call.path} stores ${field}`).not.toContain(field);
        expect(field, `${call.path} stores ${field}`).not.toMatch(FORBIDDEN);
      }
      for (const source of Object.values(call.audit?.targets ?? {})) {
        if (source && 'request' in source) expect(Object.keys(shape), call.path).toContain(source.request);
      }
    }
  });

  it('names each action after its call (a data-API route after its portal twin)', () => {
    for (const call of calls.filter((candidate) => candidate.audit && !('operationId' in candidate))) {
      expect(call.path.endsWith(`/${call.audit?.action}`), call.path).toBe(true);
    }
  });
});
