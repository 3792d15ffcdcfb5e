import { describe, expect, it } from 'vitest';
import { dateRangeError, parseDateRange, writeDateRange } from './date-range-params';

describe('parseDateRange', () => {
  it('reads real ISO days and ignores anything else', () => {
    expect(parseDateRange(new URLSearchParams('from=2024-01-31&to=2024-02-29'))).toEqual({
      from: '2024-01-31',
      to: '2024-02-29',
    });
    expect(parseDateRange(new URLSearchParams('from=2023-02-29&to=31/01/2024'))).toEqual({
      from: null,
      to: null,
    });
  });

  it('writes only the set ends and keeps other params', () => {
    const params = writeDateRange(new URLSearchParams('tab=x&to=2024-01-01'), {
      from: '2023-12-01',
      to: null,
    });
    expect(params.toString()).toBe('tab=x&from=2023-12-01');
  });
});

describe('dateRangeError', () => {
  it('applies the contract date-order rule', () => {
    expect(dateRangeError({ from: '2024-02-01', to: '2024-01-01' })).toBe('validation.dateOrder');
    expect(dateRangeError({ from: '2024-01-01', to: '2024-01-01' })).toBeNull();
    expect(dateRangeError({ from: null, to: '2024-01-01' })).toBeNull();
  });
});
