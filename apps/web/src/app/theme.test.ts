import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme, variantColorResolver } from './theme';

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const resolve = (variant: string, color: string) =>
  variantColorResolver({ variant, color, theme: full, gradient: undefined, autoContrast: undefined });

describe('variantColorResolver', () => {
  it('puts a light badge with a named shade on a pale tint, its text in the shade (export states)', () => {
    for (const color of ['teal.9', 'blue.9', 'red.9', 'gray.8']) {
      const resolved = resolve('light', color);
      const [name] = color.split('.');
      expect(resolved.background).toBe(`var(--mantine-color-${name}-light)`);
      expect(resolved.color).not.toBe(resolved.background);
      expect(resolved.color).not.toContain('light');
    }
    expect(resolve('light', 'teal.9').color).toBe('#0b6e4f');
    expect(resolve('light', 'blue.9').color).toBe('var(--mantine-color-blue-9)');
  });

  it('gives two states of different colours different looks', () => {
    expect(resolve('light', 'teal.9').color).not.toBe(resolve('light', 'blue.9').color);
    expect(resolve('light', 'teal.9').background).not.toBe(resolve('light', 'blue.9').background);
  });

  it('keeps filled variants solid', () => {
    expect(resolve('filled', 'teal.9').background).not.toContain('light');
  });
});
