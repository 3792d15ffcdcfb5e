import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_SCREENS } from '../../test/first-screens-fixture';
import { FIRST_SCREENS_FILE, loadFirstScreenPreloads } from './first-screen-preloads';

const roots: string[] = [];
function webRootWith(content: string | null): string {
  const root = mkdtempSync(join(tmpdir(), 'caudal-preloads-'));
  roots.push(root);
  if (content !== null) writeFileSync(join(root, FIRST_SCREENS_FILE), content);
  return root;
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('first-screen preloads', () => {
  it("names a first screen's chunks, stylesheet and the catalogue parts of the path's language", () => {
    const preloadsFor = loadFirstScreenPreloads(webRootWith(JSON.stringify(FIRST_SCREENS)));
    expect(preloadsFor('/es/wealth/clients')).toBe(
      [
        '</assets/signed-in-abc.js>; rel=modulepreload',
        '</assets/frame-def.js>; rel=modulepreload',
        '</assets/core-es1.js>; rel=modulepreload',
        '</assets/wealth-section-es2.js>; rel=modulepreload',
        '</assets/signed-in-abc.css>; rel=preload; as=style; crossorigin',
      ].join(', '),
    );
    expect(preloadsFor('/en/wealth/clients/')).toContain('</assets/core-en1.js>; rel=modulepreload');
  });

  it('names nothing for other paths or languages', () => {
    const preloadsFor = loadFirstScreenPreloads(webRootWith(JSON.stringify(FIRST_SCREENS)));
    expect(preloadsFor('/es/summary')).toBeNull();
    expect(preloadsFor('/fr/wealth/clients')).toBeNull();
    expect(preloadsFor('/wealth/clients')).toBeNull();
  });

  it('leaves the pages working without a head start when the list is missing, not JSON or not ours', () => {
    const hostile = { ...FIRST_SCREENS, catalogue: { es: { core: 'https://evil.example/x.js' } } };
    for (const content of [null, '{not json', JSON.stringify(hostile), '[]']) {
      expect(loadFirstScreenPreloads(webRootWith(content))('/es/wealth/clients')).toBeNull();
    }
  });
});
