import { describe, expect, it } from 'vitest';
import { dateFieldOrder, dateInputFormat, parseDateInput } from './date-input';

describe('parseDateInput', () => {
  it('reads the day as Spanish writes it: 31/10/2026, with any usual separator', () => {
    expect(parseDateInput('31/10/2026', 'es-ES')).toBe('2026-10-31');
    expect(parseDateInput('1/2/2026', 'es-ES')).toBe('2026-02-01');
    expect(parseDateInput('31-10-2026', 'es-ES')).toBe('2026-10-31');
    expect(parseDateInput('31.10.2026', 'es-ES')).toBe('2026-10-31');
    expect(parseDateInput(' 31/10/26 ', 'es-ES')).toBe('2026-10-31');
  });

  it('reads the English (en-GB) format, day first', () => {
    expect(parseDateInput('31/10/2026', 'en-GB')).toBe('2026-10-31');
    expect(parseDateInput('05/03/2026', 'en-GB')).toBe('2026-03-05');
  });

  it('follows a month-first locale’s order', () => {
    expect(parseDateInput('10/31/2026', 'en-US')).toBe('2026-10-31');
    expect(parseDateInput('31/10/2026', 'en-US')).toBeNull();
  });

  it('always reads the ISO day', () => {
    expect(parseDateInput('2026-10-31', 'es-ES')).toBe('2026-10-31');
    expect(parseDateInput('2026-1-5', 'en-GB')).toBe('2026-01-05');
  });

  it('reads the day as the portal shows it, with the month’s name', () => {
    expect(parseDateInput('31 oct 2026', 'es-ES')).toBe('2026-10-31');
    expect(parseDateInput('5 sept 2026', 'es-ES')).toBe('2026-09-05');
    expect(parseDateInput('5 sep. 2026', 'es-ES')).toBe('2026-09-05');
    expect(parseDateInput('31 de octubre de 2026', 'es-ES')).toBe('2026-10-31');
    expect(parseDateInput('1 Ago 2026', 'es-ES')).toBe('2026-08-01');
    expect(parseDateInput('31 Oct 2026', 'en-GB')).toBe('2026-10-31');
    expect(parseDateInput('5 September 2026', 'en-GB')).toBe('2026-09-05');
  });

  it('answers null for a day that does not exist or text that is no date', () => {
    expect(parseDateInput('31/02/2026', 'es-ES')).toBeNull();
    expect(parseDateInput('29/02/2025', 'es-ES')).toBeNull();
    expect(parseDateInput('29/02/2024', 'es-ES')).toBe('2024-02-29');
    expect(parseDateInput('2026-13-01', 'es-ES')).toBeNull();
    expect(parseDateInput('32 oct 2026', 'es-ES')).toBeNull();
    expect(parseDateInput('31 foo 2026', 'es-ES')).toBeNull();
    expect(parseDateInput('yesterday', 'en-GB')).toBeNull();
    expect(parseDateInput('', 'es-ES')).toBeNull();
    expect(parseDateInput('2026/10/31', 'es-ES')).toBeNull();
  });
});

describe('dateInputFormat', () => {
  it('shows a field’s day in the order it is typed', () => {
    expect(dateFieldOrder('es-ES')).toEqual(['day', 'month', 'year']);
    expect(dateInputFormat('es-ES')).toBe('DD/MM/YYYY');
    expect(dateInputFormat('en-GB')).toBe('DD/MM/YYYY');
    expect(dateInputFormat('en-US')).toBe('MM/DD/YYYY');
  });
});
