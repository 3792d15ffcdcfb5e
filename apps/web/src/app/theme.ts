import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Primary #3972FF sits at shade 6, the shade Mantine uses for filled components in light mode. */
const brand: MantineColorsTuple = [
  '#eef3ff',
  '#dce6ff',
  '#b7caff',
  '#8eabff',
  '#6b91ff',
  '#5080ff',
  '#3972ff',
  '#2a60e6',
  '#1f54cf',
  '#0f45b5',
];

/** Secondary #191837 (brand panel, headings) at shade 9. */
const secondary: MantineColorsTuple = [
  '#f1f1f8',
  '#e0e0ee',
  '#bebddc',
  '#9a98c9',
  '#7b79b8',
  '#6866ae',
  '#5e5ba9',
  '#4e4c94',
  '#454385',
  '#191837',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand, secondary },
  fontFamily:
    "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  other: { secondary: '#191837', background: '#F8FAFB' },
});
