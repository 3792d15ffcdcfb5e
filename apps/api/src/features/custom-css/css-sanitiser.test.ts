import { CUSTOM_CSS_MAX_DEPTH } from '@caudal/contract';
import { describe, expect, it } from 'vitest';
import {
  CssTooDeepError,
  isAllowedCssUrl,
  measureNesting,
  sanitiseCss,
  tokensAsBrowsersRead,
} from './css-sanitiser';

/** Known ways CSS reaches off-site, runs script or reads input: each must be removed and reported. */
const ATTACKS: { name: string; css: string; reason: string; gone: RegExp }[] = [
  {
    name: '@import url()',
    css: '@import url("https://evil.example/x.css");',
    reason: 'import',
    gone: /evil/,
  },
  { name: '@import string', css: "@import 'https://evil.example/x.css';", reason: 'import', gone: /evil/ },
  { name: 'upper-case @IMPORT', css: '@IMPORT "//evil.example/x.css";', reason: 'import', gone: /evil/ },
  { name: 'escaped @import', css: '@\\69mport "//evil.example/x.css";', reason: 'import', gone: /evil/ },
  {
    name: '@import inside @media',
    css: '@media all { @import "x.css"; a { color: red } }',
    reason: 'import',
    gone: /import/,
  },
  {
    name: 'background url() off-site',
    css: 'a { background: url(https://evil.example/p.png) }',
    reason: 'url',
    gone: /evil/,
  },
  {
    name: 'quoted url()',
    css: 'a { background-image: url("http://evil.example/p") }',
    reason: 'url',
    gone: /evil/,
  },
  {
    name: 'protocol-relative url()',
    css: 'a { background: url(//evil.example/p) }',
    reason: 'url',
    gone: /evil/,
  },
  {
    name: 'backslash url()',
    css: 'a { background: url("/\\\\evil.example/p") }',
    reason: 'url',
    gone: /evil/,
  },
  {
    name: 'escaped url in string',
    css: 'a { background: url("\\68ttps://evil.example/p") }',
    reason: 'url',
    gone: /evil|\\68/,
  },
  {
    // A browser reads a url token wherever the function's name decodes to `url`: so does the sanitiser.
    name: 'escaped url( function',
    css: 'a { background: u\\72l(https://evil.example/p) }',
    reason: 'url',
    gone: /evil/,
  },
  {
    name: 'escaped url( with an unquoted path (the tester found it kept, and Chromium loading it)',
    css: '.x{background:u\\72 l(/platform/x)} .y{background-image:\\75 rl(/platform/y)}',
    reason: 'url',
    gone: /platform/,
  },
  {
    name: 'url( spelt with escapes and in upper case',
    css: 'a { background: \\55 R\\4c (/platform/x) }',
    reason: 'url',
    gone: /platform/,
  },
  {
    name: 'escaped url( with a quoted path',
    css: 'a { background: u\\72 l("/platform/x") }',
    reason: 'url',
    gone: /platform/,
  },
  {
    name: 'escaped url( in a custom property',
    css: ':root { --x: u\\72 l(/platform/x) } a { background: var(--x) }',
    reason: 'url',
    gone: /platform/,
  },
  {
    name: 'escaped url( inside image-set()',
    css: 'a { background: image-set(u\\72 l(/platform/x) 1x) }',
    reason: 'url',
    gone: /platform/,
  },
  {
    name: 'escaped url( inside an escaped -webkit-image-set()',
    css: 'a { background: -webkit-\\69mage-set(\\75 rl(/platform/x) 1x) }',
    reason: 'url',
    gone: /platform/,
  },
  {
    name: '@font-face src with an escaped url(',
    css: '@font-face { font-family: K; src: u\\72 l(/platform/k.woff2) } a { font-family: K }',
    reason: 'url',
    gone: /platform/,
  },
  {
    // css-tree balanced the function through the comment and kept the prelude as written; a browser's
    // url token ends at the first `)`, and the rule after it was a rule of its own.
    name: 'escaped url( in an @media prelude, hiding a rule from the sanitiser',
    css: '@media u\\72 l(x/*){}*{background:url(/platform/x)}/*)*/ {a{color:red}}',
    reason: 'url',
    gone: /platform/,
  },
  {
    name: 'escaped image-set() string',
    css: 'a { background: \\69mage-set("/platform/x" 1x) }',
    reason: 'url',
    gone: /platform/,
  },
  {
    name: 'escaped cross-fade() string',
    css: 'a { background: cross-f\\61 de("/platform/x" 50%, red) }',
    reason: 'url',
    gone: /platform/,
  },
  {
    name: 'escaped src() string',
    css: 'a { background: \\73rc("/platform/x") }',
    reason: 'url',
    gone: /platform/,
  },
  {
    name: 'src() with an unquoted argument',
    css: 'a { background: src(/platform/x) }',
    reason: 'url',
    gone: /platform/,
  },
  {
    // No scheme, so a relative path: `<page dir>/../platform/x`. String#trim() dropped the U+00A0.
    name: 'data: after an escaped U+00A0',
    css: 'a { background: url(\\a0 data:image/../../platform/x) }',
    reason: 'url',
    gone: /platform/,
  },
  {
    name: 'data: after a U+FEFF in a string',
    css: 'a { background: url("\\feff data:image/../../platform/x") }',
    reason: 'url',
    gone: /platform/,
  },
  {
    name: 'a url() of whitespace only (the page itself)',
    css: 'a { background: url(" ") }',
    reason: 'url',
    gone: /url/,
  },
  {
    name: 'data: html with an escaped scheme',
    css: 'a { background: url(d\\61ta:text/html,x) }',
    reason: 'url',
    gone: /html/,
  },
  {
    name: 'image-set() string',
    css: 'a { background: image-set("https://evil.example/p.png" 1x) }',
    reason: 'url',
    gone: /evil/,
  },
  {
    name: '-webkit-image-set()',
    css: 'a { background: -webkit-image-set(url(https://evil.example/p) 1x) }',
    reason: 'url',
    gone: /evil/,
  },
  {
    name: 'src() string',
    css: 'a { background: src("https://evil.example/p") }',
    reason: 'url',
    gone: /evil/,
  },
  {
    name: 'url in a custom property',
    css: ':root { --x: url(https://evil.example/p) } a { background: var(--x) }',
    reason: 'url',
    gone: /evil/,
  },
  {
    name: 'var() smuggled into image-set()',
    css: 'a { background: image-set(var(--x) 1x) }',
    reason: 'url',
    gone: /image-set/,
  },
  {
    name: 'url in a var() fallback',
    css: 'a { background: var(--nope, url(https://evil.example/p)) }',
    reason: 'url',
    gone: /evil/,
  },
  {
    name: '@font-face src off-site',
    css: '@font-face { font-family: X; src: url(https://evil.example/f.woff2) }',
    reason: 'url',
    gone: /evil/,
  },
  {
    name: 'cursor url()',
    css: 'a { cursor: url(https://evil.example/c.cur), auto }',
    reason: 'url',
    gone: /evil/,
  },
  {
    name: 'javascript: url',
    css: 'a { background: url("javascript:alert(1)") }',
    reason: 'url',
    gone: /javascript/,
  },
  {
    name: 'data: html',
    css: 'a { background: url("data:text/html,<script>alert(1)</script>") }',
    reason: 'url',
    gone: /script/,
  },
  {
    name: 'expression()',
    css: 'a { width: expression(alert(1)) }',
    reason: 'expression',
    gone: /expression/,
  },
  {
    name: 'escaped expression()',
    css: 'a { width: expr\\65ssion(alert(1)) }',
    reason: 'expression',
    gone: /alert/,
  },
  { name: '-moz-binding', css: 'a { -moz-binding: url("x.xml#xss") }', reason: 'binding', gone: /binding/ },
  {
    name: 'escaped -moz-binding',
    css: 'a { -moz-bind\\69ng: url("x.xml#xss") }',
    reason: 'binding',
    gone: /bind/,
  },
  { name: 'behavior', css: 'a { behavior: url(x.htc) }', reason: 'binding', gone: /behavior/ },
  {
    name: 'keylogger on value',
    css: 'input[type="password"][value$="a"] { background: url(/k?a) }',
    reason: 'attribute_selector',
    gone: /value/,
  },
  {
    name: 'keylogger without element',
    css: '[value^="a"] { color: red }',
    reason: 'attribute_selector',
    gone: /value/,
  },
  {
    name: 'keylogger in :has()',
    css: 'form:has(input[value^="a"]) { color: red }',
    reason: 'attribute_selector',
    gone: /value/,
  },
  {
    name: 'attribute on input',
    css: 'input[name="password"] { color: red }',
    reason: 'attribute_selector',
    gone: /password/,
  },
  {
    name: 'attribute on textarea via :is()',
    css: ':is(textarea)[placeholder] { color: red }',
    reason: 'attribute_selector',
    gone: /placeholder/,
  },
  {
    name: 'escaped value attribute',
    css: '[v\\61lue^="a"] { color: red }',
    reason: 'attribute_selector',
    gone: /\[/,
  },
  {
    name: 'same-origin path to a route with a side effect',
    css: 'a { background: url(/platform/wealth/export-file/abcdefghijklmnop) }',
    reason: 'url',
    gone: /export-file/,
  },
  { name: 'relative path', css: 'a { background: url(img/a.png) }', reason: 'url', gone: /img/ },
  { name: 'same-origin asset', css: 'a { background: url("/assets/a.png") }', reason: 'url', gone: /assets/ },
  {
    name: 'same-origin font',
    css: '@font-face { font-family: K; src: url(/assets/k.woff2) }',
    reason: 'url',
    gone: /assets/,
  },
  {
    name: 'unicode-range with a data: font',
    css: '@font-face { font-family: K; src: url(data:font/woff2;base64,AAAA); unicode-range: U+0061 }',
    reason: 'unicode_range',
    gone: /unicode-range|U\+0061/i,
  },
  {
    name: 'escaped unicode-range',
    css: '@font-face { font-family: K; unicode-r\\61nge: U+62 }',
    reason: 'unicode_range',
    gone: /U\+62/i,
  },
  {
    name: 'field singled out by autocomplete',
    css: '[autocomplete="username"] { font-family: K }',
    reason: 'attribute_selector',
    gone: /autocomplete/,
  },
  {
    name: 'field singled out by name, inside :not()',
    css: 'div:not([name=x]) { color: red }',
    reason: 'attribute_selector',
    gone: /name/,
  },
  {
    name: 'namespaced attribute',
    css: '[*|placeholder] { color: red }',
    reason: 'attribute_selector',
    gone: /placeholder/,
  },
  {
    name: '@namespace',
    css: '@namespace svg url(http://www.w3.org/2000/svg);',
    reason: 'at_rule',
    gone: /namespace/,
  },
  {
    name: '@document',
    css: '@-moz-document url-prefix() { a { color: red } }',
    reason: 'at_rule',
    gone: /document/,
  },
];

describe('sanitiseCss: known attacks', () => {
  for (const attack of ATTACKS) {
    it(`removes ${attack.name}`, () => {
      const result = sanitiseCss(attack.css);
      expect(result.removed.map((removal) => removal.reason)).toContain(attack.reason);
      expect(result.css).not.toMatch(attack.gone);
    });
  }

  it('can never close the style element it is injected in', () => {
    const result = sanitiseCss('a::after { content: "</style><script>alert(1)</script>" } /*! </style> */');
    expect(result.css).not.toContain('<');
    expect(result.css).toContain('\\3c /style>');
    expect(result.removed).toEqual([]);
  });

  it('drops what it cannot parse instead of passing it through', () => {
    const result = sanitiseCss('a { color: red } } @@@ { x } b { color: blue }');
    expect(result.css).toContain('color:red');
    expect(result.css).toContain('color:blue');
    expect(result.css).not.toContain('@@@');
  });
});

describe('sanitiseCss: what stays', () => {
  it('keeps ordinary branding untouched, with nesting, media, keyframes and fonts', () => {
    const css = `:root { --mantine-color-brand-6: #0a7d3e; }
.mantine-Button-root { background: linear-gradient(90deg, #0a7d3e, #095c2f); border-radius: 12px }
@media (max-width: 600px) { h1 { font-size: 20px } }
@keyframes pulse { from { opacity: 1 } to { opacity: .5 } }
@font-face { font-family: Brand; src: url(data:font/woff2;base64,AAAA) format("woff2") }
a { background: url("data:image/svg+xml;utf8,%3Csvg%3E") no-repeat; &:hover { color: red } }
input[type="checkbox"], .mantine-Button-root[data-disabled], [aria-invalid="true"] { font-weight: 600 }`;
    const result = sanitiseCss(css);
    expect(result.removed).toEqual([]);
    for (const kept of [
      '--mantine-color-brand-6:#0a7d3e',
      'linear-gradient',
      '@media',
      '@keyframes pulse',
      'data:font/woff2',
      'data:image/svg+xml',
      '&:hover',
      'input[type="checkbox"]',
      '[data-disabled]',
    ]) {
      expect(result.css).toContain(kept);
    }
  });

  it('keeps data: images and fonts however url() is spelt, as a plain url()', () => {
    const css = `a { background: U\\52 L(d\\61ta:image/png;base64,AAAA) }
b { background: \\75 rl( "data:image/png;base64,BBBB" ); cursor: url(data:image/png;base64,CCCC), auto }
@font-face { font-family: Brand; src: u\\72 l(data:font/woff2;base64,DDDD) format("woff2") }`;
    const result = sanitiseCss(css);
    expect(result.removed).toEqual([]);
    for (const kept of [
      'url(data:image/png;base64,AAAA)',
      'url(data:image/png;base64,BBBB)',
      'url(data:image/png;base64,CCCC)',
      'url(data:font/woff2;base64,DDDD)',
    ]) {
      expect(result.css).toContain(kept);
    }
  });

  it('reports an escaped url( where it was written, and the lines after it unshifted', () => {
    const css = 'a {\n  background: u\\72\nl(/platform/x);\n  cursor: url(/platform/c)\n}';
    const result = sanitiseCss(css);
    expect(result.removed).toEqual([
      { reason: 'url', line: 2, column: 3, excerpt: 'background: u\\72 l(/platform/x)' },
      { reason: 'url', line: 4, column: 3, excerpt: 'cursor: url(/platform/c)' },
    ]);
    expect(result.css).toBe('a{}');
  });

  it('reads U+0000 as U+FFFD, a name code point, as a browser does', () => {
    const result = sanitiseCss('.a\0 { color: red }');
    expect(result.removed).toEqual([]);
    expect(result.css).toBe('.a\uFFFD{color:red}');
  });

  it('reports each removal with its line, column and an excerpt, in source order', () => {
    const css =
      'a { color: red }\n@import "x.css";\nb {\n  color: blue;\n  background: url(https://evil.example/p);\n}';
    const result = sanitiseCss(css);
    expect(result.removed).toEqual([
      { reason: 'import', line: 2, column: 1, excerpt: '@import "x.css";' },
      { reason: 'url', line: 5, column: 3, excerpt: 'background: url(https://evil.example/p)' },
    ]);
    expect(result.css).toBe('a{color:red}b{color:blue}');
  });

  it('drops every rule of the attack in the report: fonts per character, fields singled out', () => {
    const css = [
      ...'ab'
        .split('')
        .map(
          (char) =>
            `@font-face { font-family: K; src: url(/platform/wealth/export-file/token-${char}); unicode-range: U+${char.charCodeAt(0).toString(16)}; }`,
        ),
      '[autocomplete="username"], [autocomplete="current-password"] { font-family: K }',
    ].join('\n');
    const result = sanitiseCss(css);
    expect(result.removed.map((removal) => removal.reason)).toEqual([
      'url',
      'unicode_range',
      'url',
      'unicode_range',
      'attribute_selector',
    ]);
    expect(result.css).not.toMatch(/platform|unicode|autocomplete/);
  });
});

describe('sanitiseCss: nesting', () => {
  const nested = (depth: number, open: string, close: string, inner = 'a{color:red}') =>
    `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

  it(`keeps CSS nested ${CUSTOM_CSS_MAX_DEPTH} levels deep`, () => {
    const css = nested(CUSTOM_CSS_MAX_DEPTH - 1, '@media screen{', '}');
    expect(measureNesting(css)).toBe(CUSTOM_CSS_MAX_DEPTH);
    expect(sanitiseCss(css).css).toContain('color:red');
  });

  it('refuses deeper CSS before parsing it, however deep (4,600 levels was a RangeError)', () => {
    for (const css of [
      nested(CUSTOM_CSS_MAX_DEPTH, '@media screen{', '}'),
      nested(4_600, '@media screen{', '}'),
      nested(30_000, 'a{', '}', ''),
      `a{width:${nested(20_000, 'calc(', ')', '1px')}}`,
      `a{b:${nested(20_000, '[', ']', '')}}`,
      '{'.repeat(60_000),
    ]) {
      expect(() => sanitiseCss(css)).toThrow(CssTooDeepError);
    }
  });

  it('counts only real brackets: not those in strings, comments or escapes', () => {
    const css = `a::before { content: "${'{'.repeat(100)}" } /* ${'('.repeat(100)} */ .x\\{ { color: red }`;
    expect(measureNesting(css)).toBe(1);
    expect(sanitiseCss(css).removed).toEqual([]);
  });
});

describe('tokensAsBrowsersRead', () => {
  it('spells a url( with escapes plainly, keeping every offset; strings and comments stay', () => {
    const css = 'a{b:u\\72 l(x);c:\\55 R\\4c ("y");d:"u\\72 l(z)"/* \\75 rl( */;e:url(w)}';
    const read = tokensAsBrowsersRead(css);
    expect(read).toBe('a{b:url(   x);c:url(      "y");d:"u\\72 l(z)"/* \\75 rl( */;e:url(w)}');
    expect(read).toHaveLength(css.length);
  });

  it('finds the url( that spelling one plainly uncovers', () => {
    // As a function, the first hid the rest in a comment; as the url token a browser reads, it ends at
    // the first `)`, and the second is a token again.
    expect(tokensAsBrowsersRead('a{b:u\\72 l(x/*)u\\72 l(/platform/x)*/}')).toBe(
      'a{b:url(   x/*)url(   /platform/x)*/}',
    );
  });
});

describe('isAllowedCssUrl', () => {
  it('allows data: images and fonts only: no path, not even on the same origin', () => {
    for (const url of [
      'data:image/png;base64,AA',
      'data:font/woff2;base64,AA',
      ' DATA:image/gif,x',
      '\tdata:image/gif,x',
      '',
    ]) {
      expect(isAllowedCssUrl(url), url).toBe(true);
    }
    for (const url of [
      '/assets/a.png',
      'img/a.png',
      '../a.png',
      '#frag',
      '/platform/wealth/export-file/abc',
      'https://evil.example/a',
      '//evil.example/a',
      '/\\evil.example/a',
      '\\\\evil.example',
      'https:evil.example',
      'javascript:alert(1)',
      'data:text/css,a',
      'data:text/html,<b>',
      'ftp://x/a',
      ' ',
      '\u00a0data:image/../../platform/x',
      '\ufeffdata:image/png,x',
      '\u3000data:image/png,x',
    ]) {
      expect(isAllowedCssUrl(url), url).toBe(false);
    }
  });
});
