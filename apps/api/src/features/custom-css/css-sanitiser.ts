import type { CssRemoval, CssRemovalReason } from '@caudal/contract';
import * as csstree from 'css-tree';

/**
 * Makes a company's CSS safe to wear on its hosted pages (decision 0015). The CSS is parsed with
 * css-tree (a real CSS parser: tokens, escapes and nesting as a browser reads them) and walked; a
 * rule, at-rule or declaration that could load something from elsewhere, run script or read what the
 * visitor types is dropped whole and reported. What remains is serialised by css-tree again (never the
 * source text), with every `<` escaped, so it cannot close a <style> element or start markup.
 */
export interface SanitisedCss {
  css: string;
  removed: CssRemoval[];
}

/** At-rules that only group or describe styles. Anything else (@import, @namespace, @document…) goes. */
const ALLOWED_AT_RULES = new Set([
  'media',
  'supports',
  'font-face',
  'keyframes',
  'layer',
  'container',
  'page',
  'property',
  'counter-style',
  'font-feature-values',
  'scope',
  'starting-style',
]);
/** Properties that bind script to elements (Firefox XBL, IE HTC). */
const BINDING_PROPERTIES = new Set(['-moz-binding', 'behavior', '-ms-behavior']);
/** Functions whose string arguments are URLs, like url() itself. */
const URL_STRING_FUNCTIONS = new Set(['url', 'src', 'image-set', 'cross-fade', 'image']);
/** Form fields: an attribute selector on them (or on `value` anywhere) can read what the visitor types. */
const FORM_FIELDS = new Set(['input', 'textarea', 'select', 'option']);
/** Two bases, so a scheme-relative trick (`https:evil.example`) is caught whichever scheme serves the page. */
const PAGE_BASES = [
  'https://hosted.caudal.invalid/es/connect/x',
  'http://hosted.caudal.invalid/es/connect/x',
];
const EXCERPT_MAX = 120;

/** Lower-case, escapes decoded, vendor prefix dropped: `@-WebKit-Keyfr\61mes` is `keyframes`. */
function normaliseName(name: string): string {
  const decoded = csstree.ident.decode(name).toLowerCase();
  return decoded.replace(/^-(webkit|moz|ms|o)-/, '');
}

/**
 * Same-origin paths and data: images and fonts only. The WHATWG URL parser resolves the value as the
 * browser would against the page, so `//evil`, `/\evil`, `\\evil` and absolute URLs all leave the origin.
 */
export function isAllowedCssUrl(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed === '') return true;
  if (/^data:/i.test(trimmed)) return /^data:(image\/|font\/|application\/(x-)?font-)/i.test(trimmed);
  return PAGE_BASES.every((base) => {
    try {
      return new URL(trimmed, base).origin === new URL(base).origin;
    } catch {
      return false;
    }
  });
}

function isBlankRaw(node: csstree.CssNode): boolean {
  return node.type === 'Raw' && node.value.replace(/[\s;]/g, '') === '';
}

/** The first reason a declaration's property or value is unsafe, if any. */
function findDeclarationReason(node: csstree.Declaration): CssRemovalReason | null {
  if (BINDING_PROPERTIES.has(csstree.ident.decode(node.property).toLowerCase())) return 'binding';
  let reason: CssRemovalReason | null = null;
  const note = (found: CssRemovalReason) => {
    if (reason === null || (reason === 'invalid' && found !== 'invalid')) reason = found;
  };
  if (node.value.type === 'Raw' && !isBlankRaw(node.value)) note('invalid');
  csstree.walk(node.value, (child) => {
    if (child.type === 'Url' && !isAllowedCssUrl(child.value)) note('url');
    else if (child.type === 'Raw' && !isBlankRaw(child)) note('invalid');
    else if (child.type === 'Function') {
      const name = normaliseName(child.name);
      if (name === 'expression') note('expression');
      else if (URL_STRING_FUNCTIONS.has(name)) {
        // Their strings are URLs; a var() inside could smuggle one in unchecked.
        child.children.forEach((argument) => {
          if (argument.type === 'String' && !isAllowedCssUrl(argument.value)) note('url');
          if (argument.type === 'Function' && normaliseName(argument.name) === 'var') note('url');
        });
      }
    }
  });
  return reason;
}

function findRuleReason(node: csstree.Rule): CssRemovalReason | null {
  if (node.prelude.type === 'Raw') return 'invalid';
  let hasAttribute = false;
  let readsValue = false;
  let hasFormField = false;
  let hasRaw = false;
  csstree.walk(node.prelude, (child) => {
    if (child.type === 'AttributeSelector') {
      hasAttribute = true;
      if (csstree.ident.decode(child.name.name).toLowerCase().split('|').pop() === 'value') readsValue = true;
    } else if (child.type === 'TypeSelector') {
      const element = csstree.ident.decode(child.name).toLowerCase().split('|').pop() ?? '';
      if (FORM_FIELDS.has(element)) hasFormField = true;
    } else if (child.type === 'Raw' && !isBlankRaw(child)) hasRaw = true;
  });
  if (readsValue || (hasAttribute && hasFormField)) return 'input_selector';
  return hasRaw ? 'invalid' : null;
}

function findAtruleReason(node: csstree.Atrule): CssRemovalReason | null {
  const name = normaliseName(node.name);
  if (name === 'import') return 'import';
  if (!ALLOWED_AT_RULES.has(name)) return 'at_rule';
  let reason: CssRemovalReason | null = null;
  if (node.prelude) {
    csstree.walk(node.prelude, (child) => {
      if (child.type === 'Url' || (child.type === 'Function' && normaliseName(child.name) === 'url'))
        reason = 'url';
    });
  }
  return reason;
}

function findReason(node: csstree.CssNode): CssRemovalReason | null {
  if (node.type === 'Atrule') return findAtruleReason(node);
  if (node.type === 'Rule') return findRuleReason(node);
  if (node.type === 'Declaration') return findDeclarationReason(node);
  if (node.type === 'Raw') return isBlankRaw(node) ? null : 'invalid';
  return null;
}

export function sanitiseCss(source: string): SanitisedCss {
  const removed: CssRemoval[] = [];
  const ast = csstree.parse(source, {
    positions: true,
    parseValue: true,
    parseCustomProperty: true,
    // Tolerant: what cannot be parsed becomes a Raw node, which is dropped and reported below.
    onParseError: () => undefined,
  });

  const report = (node: csstree.CssNode, reason: CssRemovalReason) => {
    const start = node.loc?.start ?? { offset: 0, line: 1, column: 1 };
    const end = node.loc?.end.offset ?? start.offset + EXCERPT_MAX;
    const text = source.slice(start.offset, Math.min(end, start.offset + EXCERPT_MAX * 2));
    const excerpt = text.replace(/\s+/g, ' ').trim();
    removed.push({
      reason,
      line: start.line,
      column: start.column,
      excerpt: excerpt.length > EXCERPT_MAX ? `${excerpt.slice(0, EXCERPT_MAX - 1)}…` : excerpt,
    });
  };

  const sanitiseList = (list: csstree.List<csstree.CssNode>) => {
    const drop: csstree.ListItem<csstree.CssNode>[] = [];
    list.forEach((node, item) => {
      // Comments are dropped silently: `/*! … */` would otherwise survive serialisation.
      if (node.type === 'Comment' || isBlankRaw(node)) {
        drop.push(item);
        return;
      }
      const reason = findReason(node);
      if (reason) {
        report(node, reason);
        drop.push(item);
        return;
      }
      if ((node.type === 'Rule' || node.type === 'Atrule') && node.block) sanitiseList(node.block.children);
    });
    for (const item of drop) list.remove(item);
  };

  if (ast.type === 'StyleSheet') sanitiseList(ast.children);
  removed.sort((a, b) => a.line - b.line || a.column - b.column);
  const css = csstree.generate(ast).replace(/</g, '\\3c ');
  return { css, removed };
}
