import postcss, { type Container } from 'postcss';
import type { Plugin } from 'vite';

const MANTINE_STYLES = /@mantine[\\/](core|notifications|nprogress)[\\/]styles(\.layer)?\.css$/;
const MANTINE_CLASS = /\.(m_[0-9a-f]+)\b/g;

/** The Mantine class names (`m_…`) the portal's code carries: only it puts them on elements. */
export function findMantineClasses(code: readonly string[]): Set<string> {
  const classes = new Set<string>();
  for (const text of code) for (const [name] of text.matchAll(/\bm_[0-9a-f]+\b/g)) classes.add(name);
  return classes;
}

/** Keeps the rules that can match an element of the portal; answers the stylesheet's new text. */
export function keepUsedMantineRules(css: string, used: ReadonlySet<string>): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    // A selector that needs a class no component of the portal renders can match nothing.
    const kept = rule.selectors.filter((selector) =>
      [...selector.matchAll(MANTINE_CLASS)].every(([, name]) => name !== undefined && used.has(name)),
    );
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  const dropEmpty = (container: Container) => {
    container.each((node) => {
      if (node.type !== 'atrule' || !node.nodes) return;
      dropEmpty(node);
      if (node.nodes.length === 0) node.remove();
    });
  };
  dropEmpty(root);
  return root.toString();
}

/**
 * Mantine's stylesheet holds every component's rules: 28 KB (brotli) that block the first paint, of
 * which a page uses a fifth. The build keeps the rules of the components the portal renders anywhere
 * (their class names are in the first build's code, vite.config.ts), in Mantine's own order and units,
 * so the cascade is unchanged. Without that list (the dev server) the stylesheet stays whole.
 */
export function mantineUsedCss(used: ReadonlySet<string> | null): Plugin {
  return {
    name: 'caudal-mantine-used-css',
    enforce: 'pre',
    transform(code, id) {
      if (!used || !MANTINE_STYLES.test(id)) return null;
      return { code: keepUsedMantineRules(code, used), map: null };
    },
  };
}
