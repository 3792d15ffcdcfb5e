import type { IndexHtmlTransformContext, IndexHtmlTransformHook } from 'vite';
import { describe, expect, it } from 'vitest';
import { earlyEntryScript } from './early-entry';

/** Runs the real plugin's `transformIndexHtml` hook on a page, with a bundle of these chunks. */
function transform(html: string, chunks: object[]): string {
  const hook = earlyEntryScript().transformIndexHtml as { handler: IndexHtmlTransformHook };
  const bundle = Object.fromEntries(chunks.map((chunk, index) => [String(index), chunk]));
  return hook.handler.call({} as never, html, {
    bundle,
    path: '/index.html',
    filename: 'index.html',
  } as unknown as IndexHtmlTransformContext) as string;
}

const early = {
  type: 'chunk',
  isEntry: true,
  facadeModuleId: '/repo/apps/web/src/early-start.ts',
  fileName: 'assets/early-start-b.js',
  imports: ['assets/shared-c.js'],
};
const app = { ...early, facadeModuleId: '/repo/apps/web/index.html', fileName: 'assets/index-a.js' };

describe('early entry in index.html', () => {
  it("goes before the app's script (module scripts run in document order), with its imports preloaded", () => {
    const html =
      '<head>\n    <title>x</title>\n    <script type="module" src="/assets/index-a.js"></script>\n</head>';
    const out = transform(html, [app, early]);
    const earlyAt = out.indexOf('src="/assets/early-start-b.js"');
    expect(earlyAt).toBeGreaterThan(out.indexOf('<title>'));
    expect(earlyAt).toBeLessThan(out.indexOf('src="/assets/index-a.js"'));
    expect(out).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-c.js">');
  });

  it('fails the build rather than ship a page where it would run after the app', () => {
    expect(() => transform('<head></head>', [app, early])).toThrow(/no module script/);
  });

  it('fails the build when the early entry is missing (renamed, or dropped from the inputs)', () => {
    expect(() => transform('<script type="module" src="/a.js"></script>', [app])).toThrow(/no early entry/);
  });
});
