import { describe, expect, it } from 'vitest';
import { isSameValue, toAuditChanges } from './audit-changes';

const none = { removedFields: [], previous: {}, next: {} };

describe('the changes an event records', () => {
  it('records a created thing’s allowlisted fields as new values, and nothing outside the list', () => {
    const changes = toAuditChanges({
      ...none,
      fields: ['name', 'alias', 'entities'],
      input: { name: 'Ana', alias: 'ana', entities: ['bbva'], password: 'never' },
    });
    expect(changes).toEqual({
      name: { new: 'Ana' },
      alias: { new: 'ana' },
      entities: { new: ['bbva'] },
    });
  });

  it('records an edited field with its old and new value, and leaves out the fields that kept theirs', () => {
    const changes = toAuditChanges({
      ...none,
      fields: ['name', 'alias', 'entities'],
      input: { name: 'Ana B', alias: 'ana', entities: ['bbva', 'ing'] },
      previous: { name: 'Ana', alias: 'ana', entities: ['bbva', 'ing'] },
    });
    expect(changes).toEqual({ name: { old: 'Ana', new: 'Ana B' } });
  });

  it('records nothing for an edit that changed nothing: the event keeps empty changes', () => {
    const changes = toAuditChanges({
      ...none,
      fields: ['role', 'permissions', 'is_required'],
      input: { role: 'member', permissions: ['wealth', 'links'], is_required: false },
      previous: { role: 'member', permissions: ['wealth', 'links'], is_required: false },
    });
    expect(changes).toEqual({});
  });

  it('takes the new value the handler noted over the request’s (a default filled in, a set in its order)', () => {
    const changes = toAuditChanges({
      ...none,
      fields: ['redirect_uri', 'client_ids'],
      input: { client_ids: ['b', 'a'] },
      previous: { redirect_uri: 'https://old.test', client_ids: ['a', 'b'] },
      next: { redirect_uri: 'https://default.test', client_ids: ['a', 'b'] },
    });
    expect(changes).toEqual({ redirect_uri: { old: 'https://old.test', new: 'https://default.test' } });
  });

  it('leaves out a field the request did not set, though its old value was read (a partial edit)', () => {
    const changes = toAuditChanges({
      ...none,
      fields: ['url', 'event_types', 'enabled'],
      input: { id: 'e1', enabled: false },
      previous: { url: 'https://hooks.test', event_types: ['a'], enabled: true },
    });
    expect(changes).toEqual({ enabled: { old: true, new: false } });
  });

  it('records a field set to null, and one cleared from null, as changes', () => {
    const changes = toAuditChanges({
      ...none,
      fields: ['terms_and_conditions_url', 'privacy_policy_url'],
      input: { terms_and_conditions_url: null, privacy_policy_url: 'https://p.test' },
      previous: { terms_and_conditions_url: 'https://t.test', privacy_policy_url: null },
    });
    expect(changes).toEqual({
      terms_and_conditions_url: { old: 'https://t.test', new: null },
      privacy_policy_url: { old: null, new: 'https://p.test' },
    });
  });

  it('records what a deletion removed as old values alone, only where there was a value', () => {
    const changes = toAuditChanges({
      fields: [],
      removedFields: ['name', 'email', 'role'],
      input: { username: 'ana' },
      previous: { name: 'Ana', email: null, role: 'member', password_hash: 'never' },
      next: {},
    });
    expect(changes).toEqual({ name: { old: 'Ana' }, role: { old: 'member' } });
  });
});

describe('deep equality of recorded values', () => {
  it('compares arrays as values, element by element and in order', () => {
    expect(isSameValue(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(isSameValue(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(isSameValue(['a'], ['a', 'a'])).toBe(false);
    expect(isSameValue([], [])).toBe(true);
    expect(isSameValue([], null)).toBe(false);
    expect(isSameValue([['x'], { y: 1 }], [['x'], { y: 1 }])).toBe(true);
  });

  it('compares objects key by key, dates by instant, and never a string with a number', () => {
    expect(isSameValue({ a: 1, b: [true] }, { b: [true], a: 1 })).toBe(true);
    expect(isSameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(isSameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(isSameValue(new Date(5), new Date(5))).toBe(true);
    expect(isSameValue(new Date(5), new Date(6))).toBe(false);
    expect(isSameValue('1', 1)).toBe(false);
    expect(isSameValue(null, undefined)).toBe(false);
    expect(isSameValue(false, null)).toBe(false);
  });
});
