import { describe, expect, it } from 'vitest';
import { withEarlyEntry } from './early-entry';

describe('early entry in index.html', () => {
  it("goes before the app's script (module scripts run in document order), with its imports preloaded", () => {
    const html =
      '<head>\n    <title>x</title>\n    <script type="module" src="/assets/index-a.js"></script>\n</head>';
    const out = withEarlyEntry(html, {
      fileName: 'assets/early-start-b.js',
      imports: ['assets/shared-c.js'],
    });
    const early = out.indexOf('src="/assets/early-start-b.js"');
    expect(early).toBeGreaterThan(out.indexOf('<title>'));
    expect(early).toBeLessThan(out.indexOf('src="/assets/index-a.js"'));
    expect(out).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-c.js">');
  });

  it('fails the build rather than ship a page where it would run after the app', () => {
    expect(() => withEarlyEntry('<head></head>', { fileName: 'assets/e.js', imports: [] })).toThrow();
  });
});
