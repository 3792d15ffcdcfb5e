import { describe, expect, it } from 'vitest';
import { findMantineClasses, keepUsedMantineRules, mantineUsedCss } from './mantine-used-css';

const CSS = `:root { --x: 1; }
.m_aa11 { color: red; }
.m_bb22 { color: blue; }
.m_aa11 .m_bb22, .m_aa11:where([data-x]) { margin: 0; }
@media (min-width: 1px) { .m_bb22 { padding: 0; } }
@media (min-width: 2px) { .m_aa11 { padding: 1px; } }
@keyframes spin { from { opacity: 0; } to { opacity: 1; } }
.mantine-focus-auto:focus-visible { outline: 1px solid; }`;

describe('Mantine stylesheet trimmed to the portal', () => {
  const used = findMantineClasses(['const classes = { root: "m_aa11" };']);
  const kept = keepUsedMantineRules(CSS, used);

  it('finds the class names the code carries', () => {
    expect([...used]).toEqual(['m_aa11']);
  });

  it("keeps the used components' rules, the variables, keyframes and global rules, in their order", () => {
    expect(kept).toContain('.m_aa11 { color: red; }');
    expect(kept).toContain('.m_aa11:where([data-x]) { margin: 0; }');
    expect(kept).toContain('@media (min-width: 2px) { .m_aa11 { padding: 1px; } }');
    expect(kept).toContain(':root { --x: 1; }');
    expect(kept).toContain('@keyframes spin');
    expect(kept).toContain('.mantine-focus-auto:focus-visible');
    expect(kept.indexOf(':root')).toBeLessThan(kept.indexOf('.m_aa11 { color'));
  });

  it('drops rules and selectors that need a class nothing renders, and at-rules left empty', () => {
    expect(kept).not.toContain('m_bb22');
    expect(kept).not.toContain('min-width: 1px');
  });
});

describe('Mantine’s layered stylesheet (decision 0065)', () => {
  it('is trimmed the same way inside its cascade layer, which it keeps', () => {
    const used = findMantineClasses(['"m_aa11"']);
    const kept = keepUsedMantineRules(`@layer mantine { ${CSS} }`, used);
    expect(kept).toContain('@layer mantine {');
    expect(kept).toContain('.m_aa11 { color: red; }');
    expect(kept).not.toContain('m_bb22');
  });

  it('is the file the plugin trims: the layered one, as the plain one', () => {
    const plugin = mantineUsedCss(new Set(['m_aa11']));
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    for (const file of ['styles.layer.css', 'styles.css']) {
      const trimmed = transform(`@layer mantine { ${CSS} }`, `/n/node_modules/@mantine/core/${file}`);
      expect(trimmed?.code, file).not.toContain('m_bb22');
    }
    expect(transform(CSS, '/n/node_modules/@mantine/dates/styles.layer.css')).toBeNull();
  });
});
