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
/** Functions that take one URL: what they hold must be a single allowed string, as a Url node's value. */
const URL_FUNCTIONS = new Set(['url', 'src']);
/** Functions whose string arguments are URLs, beside others (`image-set("a.png" 1x)`). */
const URL_STRING_FUNCTIONS = new Set(['image-set', 'cross-fade', 'image']);
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
  if (value === '') return true;
  // Skip only what the URL parser strips (C0 controls and space), never String#trim()'s wider set: a
  // URL starting with U+00A0, U+FEFF or U+3000 (`url(\a0 data:image/../../platform/x)`) has no scheme,
  // so it is a relative path the page would request. Whitespace alone resolves to the page itself.
  let start = 0;
  while (start < value.length && value.charCodeAt(start) <= 0x20) start += 1;
  return /^data:(image\/|font\/|application\/(x-)?font-)/i.test(value.slice(start));
}

const URL_NAME = /^url$/i;
const QUOTATION_MARK = 0x22;
const APOSTROPHE = 0x27;
const REVERSE_SOLIDUS = 0x5c;
const RIGHT_PARENTHESIS = 0x29;

function isCssWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d || code === 0x0c;
}

/** Thrown inside css-tree's tokenizer callback to stop it at the token found. */
class FoundToken {
  constructor(
    readonly start: number,
    readonly end: number,
  ) {}
}

/**
 * The first function token, from the token boundary `from` on, whose name is `url` only once its escapes
 * are decoded (`u\72 l(`, `\55 RL(`). css-tree compares the raw name, so it reads such a token as an
 * ordinary function where a browser (CSS Syntax § 4.3.4 compares the decoded name) reads a url token.
 */
function findEscapedUrlFunction(source: string, from: number): FoundToken | null {
  // Tokenizing resumes one code point early, at the `(` or `)` just before `from`: a single-code-point
  // token, so the tokens after it are the same, and css-tree skips a U+FEFF only at its offset 0.
  const base = from === 0 ? 0 : from - 1;
  try {
    csstree.tokenize(base === 0 ? source : source.slice(base), (type, start, end) => {
      if (type !== csstree.tokenTypes.Function) return;
      const name = source.slice(base + start, base + end - 1);
      if (name.includes('\\') && URL_NAME.test(csstree.ident.decode(name))) {
        throw new FoundToken(base + start, base + end);
      }
    });
  } catch (error) {
    if (error instanceof FoundToken) return error;
    throw error;
  }
  return null;
}

/**
 * Where the token a browser reads after `url(` ends, `from` being just after the `(`. Quoted (after any
 * whitespace), `url(` is a function token and the string follows it: `from`. Otherwise a url token, or a
 * bad-url token, which both end just after the first `)` no backslash escapes (or at the end).
 */
function endOfUrlToken(source: string, from: number): number {
  let offset = from;
  while (offset < source.length && isCssWhitespace(source.charCodeAt(offset))) offset += 1;
  const next = source.charCodeAt(offset);
  if (next === QUOTATION_MARK || next === APOSTROPHE) return from;
  for (; offset < source.length; offset += 1) {
    const code = source.charCodeAt(offset);
    if (code === REVERSE_SOLIDUS) offset += 1;
    else if (code === RIGHT_PARENTHESIS) return offset + 1;
  }
  return source.length;
}

/** One pass of tokensAsBrowsersRead's respelling: linear, each token found once. */
function spellUrlFunctionsPlainlyOnce(source: string): string {
  const parts: string[] = [];
  let copied = 0;
  let from = 0;
  while (from < source.length) {
    const found = findEscapedUrlFunction(source, from);
    if (!found) break;
    // Same length, so every offset, and so every reported line, column and excerpt, is the source's.
    parts.push(source.slice(copied, found.start), 'url(', ' '.repeat(found.end - found.start - 4));
    copied = found.end;
    from = endOfUrlToken(source, found.end);
  }
  if (parts.length === 0) return source;
  parts.push(source.slice(copied));
  return parts.join('');
}

/**
 * The source as a browser tokenizes it, in a form css-tree tokenizes the same way, every offset kept:
 * - U+0000 becomes U+FFFD (CSS Syntax preprocessing, which css-tree skips: it reads a delimiter there,
 *   where a browser reads a name code point);
 * - a function named `url` with escapes is spelt `url(` (padded with spaces), so css-tree reads the url
 *   token a browser reads: a Url node, checked like any other, and no token boundary that differs (a
 *   url token runs to the first `)`, through comments, quotes and braces a function would balance).
 * Spelling one plainly can turn what followed it into new tokens, so passes repeat until one changes
 * nothing; each removes backslashes, so they end (two passes, the second finding nothing, in practice).
 */
export function tokensAsBrowsersRead(source: string): string {
  let text = source.replaceAll('\0', '\uFFFD');
  for (;;) {
    const next = spellUrlFunctionsPlainlyOnce(text);
    if (next === text) return text;
    text = next;
  }
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
      else if (URL_FUNCTIONS.has(name)) {
        // Held like a Url node: one string, an allowed URL. Anything else (an unquoted argument, a var(),
        // a second argument) is refused, not read: `url(` with escapes is a Url node by now (see
        // tokensAsBrowsersRead), so this is `src()`, or a url() spelt in a way nothing here foresaw.
        const args = child.children.filter((argument) => argument.type !== 'WhiteSpace');
        const only = args.first;
        if (args.size !== 1 || only?.type !== 'String' || !isAllowedCssUrl(only.value)) note('url');
      } else if (URL_STRING_FUNCTIONS.has(name)) {
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
  // What is measured, parsed and serialised; the same length as the source, so offsets are the source's.
  const text = tokensAsBrowsersRead(source);
  const depth = measureNesting(text);
  if (depth > CUSTOM_CSS_MAX_DEPTH) throw new CssTooDeepError(depth);
  const removed: CssRemoval[] = [];
  const ast = csstree.parse(text, {
    positions: true,
    parseValue: true,
    parseCustomProperty: true,
    // Tolerant: what cannot be parsed becomes a Raw node, which is dropped and reported below.
    onParseError: () => undefined,
  });

  // Lines, columns and excerpts from the source as written: a `url(` spelt plainly drops any line break
  // its escapes held (`u\72<newline>l(`), which would shift the lines after it.
  const locations = new csstree.OffsetToLocation(source);
  const report = (node: csstree.CssNode, reason: CssRemovalReason) => {
    const start = node.loc?.start ?? { offset: 0, line: 1, column: 1 };
    const where = locations.getLocation(start.offset);
    const end = node.loc?.end.offset ?? start.offset + EXCERPT_MAX;
    const written = source.slice(start.offset, Math.min(end, start.offset + EXCERPT_MAX * 2));
    const excerpt = written.replace(/\s+/g, ' ').trim();
    removed.push({
      reason,
      line: where.line ?? start.line,
      column: where.column ?? start.column,
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
