import type { Export } from '@caudal/contract';
import { describe, expect, it } from 'vitest';
import { freshestExport, mergeIntoList } from './freshest-export';

const base: Export = {
  id: 'e1',
  type: 'positions',
  format: 'xlsx',
  status: 'running',
  file_name: 'posiciones.xlsx',
  clients_count: 3,
  rows_written: 2177,
  size_bytes: 0,
  date_from: null,
  date_to: null,
  created_at: '2026-11-26T05:42:00.000Z',
  finished_at: null,
  expires_at: null,
  error: null,
};
const ready: Export = { ...base, status: 'ready', rows_written: 2290, size_bytes: 91_000 };

describe('freshestExport', () => {
  it('keeps the later state whichever answer came last', () => {
    expect(freshestExport(base, ready)).toBe(ready);
    expect(freshestExport(ready, base)).toBe(ready);
  });

  it('keeps the higher row count within one state', () => {
    const further = { ...base, rows_written: 2200 };
    expect(freshestExport(further, base)).toBe(further);
    expect(freshestExport(base, further)).toBe(further);
  });
});

describe('mergeIntoList', () => {
  it('updates only the row of the same export', () => {
    const other = { ...base, id: 'e2' };
    expect(mergeIntoList([base, other], ready)).toEqual([ready, other]);
  });
});
