import {
  CSS_ALLOWED_ATTRIBUTES,
  type CssRemoval,
  type CssRemovalReason,
  CUSTOM_CSS_MAX_DEPTH,
} from '@caudal/contract';
import * as csstree from 'css-tree';

/**
 * Makes a company's CSS safe to wear on its hosted pages (decisions 0015 and 0023). The CSS is parsed
 * with css-tree (a real CSS parser: tokens, escapes and nesting as a browser reads them) and walked; a
 * rule, at-rule or declaration that could make the page request anything, run script, or read or single
 * out what the visitor types is dropped whole and reported. What remains is serialised by css-tree again
 * (never the source text), with every `<` escaped, so it cannot close a <style> element or start markup.
 *
 * CPU-bound (tens of milliseconds warm, up to a second cold for 64 KB): the API runs it in a worker
 * thread (css-sanitiser-pool.ts), never on the event loop that serves requests.
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
/** Attributes a selector may test: none holds what a visitor types (contract CSS_ALLOWED_ATTRIBUTES). */
const ALLOWED_ATTRIBUTES: ReadonlySet<string> = new Set(CSS_ALLOWED_ATTRIBUTES);
/** Functions whose string arguments are URLs, like url() itself. */
const URL_STRING_FUNCTIONS = new Set(['url', 'src', 'image-set', 'cross-fade', 'image']);
const EXCERPT_MAX = 120;

/** Thrown before parsing when blocks, functions and brackets nest deeper than CUSTOM_CSS_MAX_DEPTH. */
export class CssTooDeepError extends Error {
  constructor(readonly depth: number) {
    super(`The CSS nests ${depth} levels deep (at most ${CUSTOM_CSS_MAX_DEPTH})`);
    this.name = 'CssTooDeepError';
  }
}

/** Lower-case, escapes decoded, vendor prefix dropped: `@-WebKit-Keyfr\61mes` is `keyframes`. */
function normaliseName(name: string): string {
  const decoded = csstree.ident.decode(name).toLowerCase();
  return decoded.replace(/^-(webkit|moz|ms|o)-/, '');
}

/**
 * data: images and fonts only (and the empty url(), which loads nothing). A same-origin path is refused
 * too: whatever it names, the page would request it, and that request (a font per character ties it to
 * what the visitor types) is the side channel, whatever the route behind it does.
 */
export function isAllowedCssUrl(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed === '') return true;
  return /^data:(image\/|font\/|application\/(x-)?font-)/i.test(trimmed);
}

const OPENING = new Set<number>([
  csstree.tokenTypes.LeftCurlyBracket,
  csstree.tokenTypes.LeftParenthesis,
  csstree.tokenTypes.LeftSquareBracket,
  csstree.tokenTypes.Function,
]);
const CLOSING = new Set<number>([
  csstree.tokenTypes.RightCurlyBracket,
  csstree.tokenTypes.RightParenthesis,
  csstree.tokenTypes.RightSquareBracket,
]);

/**
 * The deepest nesting of `{`, `(`, `[` and functions, from css-tree's tokenizer (strings, comments and
 * escapes as a browser reads them). One linear pass that never recurses, so it is safe on any input;
 * the parser and the serialiser recurse once per level (about 1,150 levels overflow the stack).
 */
export function measureNesting(source: string): number {
  let depth = 0;
  let deepest = 0;
  csstree.tokenize(source, (type) => {
    if (OPENING.has(type)) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (CLOSING.has(type) && depth > 0) depth -= 1;
  });
  return deepest;
}

function isBlankRaw(node: csstree.CssNode): boolean {
  return node.type === 'Raw' && node.value.replace(/[\s;]/g, '') === '';
}

/** The first reason a declaration's property or value is unsafe, if any. */
function findDeclarationReason(node: csstree.Declaration): CssRemovalReason | null {
  const property = csstree.ident.decode(node.property).toLowerCase();
  if (BINDING_PROPERTIES.has(property)) return 'binding';
  // One @font-face per character, each with its own range: which fonts the page loads (or only uses)
  // tells which characters a field holds. Without ranges there is no font per character.
  if (property === 'unicode-range') return 'unicode_range';
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

/**
 * An attribute selector outside the allowlist, anywhere in the selector (`:has()`, `:is()`, `:not()`
 * included): `[value^=a]` reads what is typed, `[autocomplete=username]` singles out the field to read.
 */
function findRuleReason(node: csstree.Rule): CssRemovalReason | null {
  if (node.prelude.type === 'Raw') return 'invalid';
  let reason: CssRemovalReason | null = null;
  csstree.walk(node.prelude, (child) => {
    if (child.type === 'AttributeSelector') {
      // `[svg|type]`, `[*|type]` and `[TYP\45]` are all `type`.
      const name = csstree.ident.decode(child.name.name).toLowerCase().split('|').pop() ?? '';
      if (!ALLOWED_ATTRIBUTES.has(name)) reason = 'attribute_selector';
    } else if (child.type === 'Raw' && !isBlankRaw(child) && reason === null) reason = 'invalid';
  });
  return reason;
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

/** Throws CssTooDeepError, before parsing, for CSS nested deeper than CUSTOM_CSS_MAX_DEPTH. */
export function sanitiseCss(source: string): SanitisedCss {
  const depth = measureNesting(source);
  if (depth > CUSTOM_CSS_MAX_DEPTH) throw new CssTooDeepError(depth);
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
