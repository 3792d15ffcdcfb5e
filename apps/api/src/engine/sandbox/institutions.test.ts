import { describe, expect, it } from 'vitest';
import { institutionProfile } from './institutions';

describe('institutionProfile', () => {
  it("falls back from an `-e` id to its base entity (spec section 9, the contract's rule)", () => {
    expect(institutionProfile('andbank-e')).toBe(institutionProfile('andbank'));
    expect(institutionProfile('andbank').id).toBe('andbank');
  });

  it('gives an unknown id, with or without the suffix, a generic bank of its own', () => {
    expect(institutionProfile('nowhere-e')).toMatchObject({ id: 'nowhere-e', bankCode: null });
    expect(institutionProfile('nowhere').id).toBe('nowhere');
  });
});
