import { describe, expect, it } from 'vitest';
import { type ContentFields, digestAuditContent, linkAuditHash } from './audit-event';

/** One stored event's own values, as a row reads back. */
const EVENT: ContentFields = {
  company_id: 'a3a7f0a6-6a0e-4c2e-9d7e-1f9b0b7b1c11',
  occurred_at: new Date(0),
  kind: 'change',
  action: 'client-edit',
  actor_kind: 'staff',
  actor_id: 'b3a7f0a6-6a0e-4c2e-9d7e-1f9b0b7b1c11',
  actor_name: 'admin',
  target_client_id: 'c3a7',
  target_credential_id: null,
  target_link_id: null,
  target_application_id: null,
  target_user_id: null,
  ip: '127.0.0.1',
  user_agent: 'node',
  request_id: 'req-1',
  changes: {
    name: { old: 'Cliente 1 2', new: 'Cliente 1 3' },
    alias: { old: 'x', new: 'y' },
    entities: { old: [], new: ['a', 'b'] },
  },
};

describe('the digest of an event', () => {
  // Chains already stored were hashed with these bytes: a rewrite of the digest that changes them would
  // make `audit verify` report every sealed event as altered.
  it('is the same digest as every earlier version computed for the same values', () => {
    expect(digestAuditContent(EVENT)).toBe(
      'c0bf9683e9632b613745358f469782d506dca94e953accfcb86fb66c4b1aefa6',
    );
    // The chain link: sha256 of `digest:seq:previous`, as `sha256sum` computes it.
    expect(linkAuditHash(digestAuditContent(EVENT), '1', '0'.repeat(64))).toBe(
      'e3ea9279d87f916320c149e7fe8f204a013a3fa6d45f6344ac5818a0a2df573b',
    );
  });

  it('does not depend on the order of the changes (jsonb reorders keys) nor on absent members', () => {
    const reordered = {
      ...EVENT,
      changes: {
        entities: { new: ['a', 'b'], old: [] },
        alias: { new: 'y', old: 'x', note: undefined },
        name: { new: 'Cliente 1 3', old: 'Cliente 1 2' },
      },
    };
    expect(digestAuditContent(reordered)).toBe(digestAuditContent(EVENT));
  });

  it('changes with any value the event records', () => {
    const base = digestAuditContent(EVENT);
    expect(digestAuditContent({ ...EVENT, actor_name: 'admin2' })).not.toBe(base);
    expect(
      digestAuditContent({ ...EVENT, changes: { ...EVENT.changes, entities: { old: [], new: ['b', 'a'] } } }),
    ).not.toBe(base);
  });
});
