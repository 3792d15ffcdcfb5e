import { describe, expect, it } from 'vitest';
import { formatShare, funnelRows } from './funnel-rows';

const steps = {
  opened: 4,
  institution_chosen: 3,
  credentials_sent: 3,
  sca_asked: 1,
  sca_passed: 1,
  succeeded: 2,
  abandoned: 2,
};

describe('funnelRows', () => {
  it('lists every step in order with its share of the opened visits', () => {
    const rows = funnelRows({
      link_name: 'L',
      days: 7,
      from: '',
      to: '',
      steps,
      abandon_after_minutes: 30,
      conversion: 0.5,
      failures: [],
    });
    expect(rows.map((row) => row.step)).toEqual([
      'opened',
      'institution_chosen',
      'credentials_sent',
      'sca_asked',
      'sca_passed',
      'succeeded',
      'abandoned',
    ]);
    expect(rows[5]).toEqual({ step: 'succeeded', visits: 2, share: 0.5 });
  });

  it('has no share without visits', () => {
    const rows = funnelRows({
      link_name: 'L',
      days: 1,
      from: '',
      to: '',
      steps: { ...steps, opened: 0, succeeded: 0 },
      abandon_after_minutes: 30,
      conversion: null,
      failures: [],
    });
    expect(rows[0]?.share).toBeNull();
  });

  it('formats a share in the locale', () => {
    expect(formatShare(0.5, 'es-ES')).toBe('50\u00a0%');
    expect(formatShare(0.125, 'en-GB')).toBe('12.5%');
  });
});
