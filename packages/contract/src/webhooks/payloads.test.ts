import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../events/event-types';
import { EVENT_DATA_SCHEMAS, eventEnvelope } from './payloads';

describe('event payloads', () => {
  it('every event type has its own data schema, with at least one field', () => {
    for (const type of EVENT_TYPES) {
      const schema = EVENT_DATA_SCHEMAS[type];
      expect(schema, type).toBeDefined();
      expect(Object.keys(schema.shape).length, type).toBeGreaterThan(0);
    }
    expect(Object.keys(EVENT_DATA_SCHEMAS).sort()).toEqual([...EVENT_TYPES].sort());
  });

  it('the consent events take what the consent scan writes, and refuse a payload without its token', () => {
    const expiring = {
      id: 'evt_1',
      type: 'consent.expiring',
      timestamp: '2030-01-15T10:00:00.000Z',
      data: { credentials_token: 'tok', consent_expires_at: '2030-01-29T10:00:00.000Z', days_left: 14 },
    };
    expect(eventEnvelope('consent.expiring').parse(expiring)).toEqual(expiring);
    const expired = {
      id: 'evt_2',
      type: 'consent.expired',
      timestamp: '2030-01-29T10:00:00.000Z',
      data: { credentials_token: 'tok', consent_expires_at: '2030-01-29T10:00:00.000Z' },
    };
    expect(eventEnvelope('consent.expired').parse(expired)).toEqual(expired);
    expect(() => eventEnvelope('consent.expired').parse({ ...expired, data: {} })).toThrow();
  });
});
