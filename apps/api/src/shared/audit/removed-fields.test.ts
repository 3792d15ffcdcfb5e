import * as contract from '@caudal/contract';
import { describe, expect, it } from 'vitest';
import { REMOVED_FIELDS, removedFieldsOf } from './removed-fields';

/** As the contract's own walk of `audit.fields` (audit-declarations.test.ts): never a secret. */
const FORBIDDEN = /password|secret|token|code|css|file|credential|login|username_bank|pin|otp|sca/i;

interface AuditedCall {
  path: string;
  audit: { action: string; fields?: readonly string[] };
}

function auditedCalls(): AuditedCall[] {
  const calls: AuditedCall[] = [];
  for (const namespace of Object.values(contract)) {
    if (!namespace || typeof namespace !== 'object') continue;
    for (const value of Object.values(namespace as Record<string, unknown>)) {
      const call = value as Partial<AuditedCall> | null;
      if (typeof call?.path === 'string' && typeof call.audit?.action === 'string') {
        calls.push(call as AuditedCall);
      }
    }
  }
  return calls;
}

describe('the allowlist of what deletions record', () => {
  const calls = auditedCalls();

  it('names only actions of the contract’s deleting calls', () => {
    expect(calls.length).toBeGreaterThan(40);
    for (const action of Object.keys(REMOVED_FIELDS)) {
      const named = calls.filter((call) => call.audit.action === action);
      expect(named.length, action).toBeGreaterThan(0);
      for (const call of named) expect(call.path, action).toMatch(/delete|revoke/);
    }
  });

  it('records no secret, and nothing the call itself sets', () => {
    for (const [action, fields] of Object.entries(REMOVED_FIELDS)) {
      const declared = calls
        .filter((call) => call.audit.action === action)
        .flatMap((call) => call.audit.fields ?? []);
      for (const field of fields) {
        expect(field, `${action} records ${field}`).not.toMatch(FORBIDDEN);
        expect(declared, `${action} records ${field}`).not.toContain(field);
      }
    }
  });

  it('gives no field to an action it does not list, whatever its name', () => {
    expect(removedFieldsOf('client-edit')).toEqual([]);
    expect(removedFieldsOf('toString')).toEqual([]);
    expect(removedFieldsOf('client-delete')).toEqual(['name', 'alias']);
  });
});
