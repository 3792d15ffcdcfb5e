import { describe, expect, it } from 'vitest';
import { isAllowedCssUrl, sanitiseCss } from './css-sanitiser';

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
    name: 'escaped url( function',
    css: 'a { background: u\\72l(https://evil.example/p) }',
    reason: 'invalid',
    gone: /evil/,
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
    reason: 'input_selector',
    gone: /value/,
  },
  {
    name: 'keylogger without element',
    css: '[value^="a"] { color: red }',
    reason: 'input_selector',
    gone: /value/,
  },
  {
    name: 'keylogger in :has()',
    css: 'form:has(input[value^="a"]) { color: red }',
    reason: 'input_selector',
    gone: /value/,
  },
  {
    name: 'attribute on input',
    css: 'input[name="password"] { color: red }',
    reason: 'input_selector',
    gone: /password/,
  },
  {
    name: 'attribute on textarea via :is()',
    css: ':is(textarea)[placeholder] { color: red }',
    reason: 'input_selector',
    gone: /placeholder/,
  },
  {
    name: 'escaped value attribute',
    css: '[v\\61lue^="a"] { color: red }',
    reason: 'input_selector',
    gone: /\[/,
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
a { background: url(/assets/logo.svg) no-repeat; &:hover { color: red } }
label[for] { font-weight: 600 }`;
    const result = sanitiseCss(css);
    expect(result.removed).toEqual([]);
    for (const kept of [
      '--mantine-color-brand-6:#0a7d3e',
      'linear-gradient',
      '@media',
      '@keyframes pulse',
      'data:font/woff2',
      'url(/assets/logo.svg)',
      '&:hover',
      'label[for]',
    ]) {
      expect(result.css).toContain(kept);
    }
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

  it('handles the 64 KB cap in milliseconds', () => {
    const css = '.c-%i { color: #123456; background: url(/a.png); }\n'.repeat(1200).replace(/%i/g, '1');
    const started = performance.now();
    sanitiseCss(css.slice(0, 64 * 1024));
    // Not a timing assertion: a guard against a pathological parse (seconds would mean a bug).
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('isAllowedCssUrl', () => {
  it('allows same-origin paths and data: images and fonts only', () => {
    for (const url of [
      '/assets/a.png',
      'img/a.png',
      '../a.png',
      '#frag',
      'data:image/png;base64,AA',
      'data:font/woff2;base64,AA',
      '',
    ]) {
      expect(isAllowedCssUrl(url), url).toBe(true);
    }
    for (const url of [
      'https://evil.example/a',
      '//evil.example/a',
      '/\\evil.example/a',
      '\\\\evil.example',
      'https:evil.example',
      'http:evil.example',
      'javascript:alert(1)',
      'data:text/css,a',
      'ftp://x/a',
    ]) {
      expect(isAllowedCssUrl(url), url).toBe(false);
    }
  });
});
