import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { findChunkCycles, noChunkCycles } from './chunk-cycles';

describe('chunk cycles', () => {
  it('finds chunks that import each other, directly or through others, and nothing else', () => {
    expect(
      findChunkCycles([
        { fileName: 'entry', imports: ['a', 'react'] },
        { fileName: 'a', imports: ['a-shared', 'react'] },
        { fileName: 'a-shared', imports: ['a'] },
        { fileName: 'b', imports: ['c'] },
        { fileName: 'c', imports: ['d'] },
        { fileName: 'd', imports: ['b'] },
        { fileName: 'react', imports: [] },
      ]).map((cycle) => [...cycle].sort()),
    ).toEqual([
      ['a', 'a-shared'],
      ['b', 'c', 'd'],
    ]);
    expect(
      findChunkCycles([
        { fileName: 'entry', imports: ['react'] },
        { fileName: 'react', imports: [] },
      ]),
    ).toEqual([]);
  });

  // The real plugin in a real build: a grouping like the one that broke the client page.
  const root = mkdtempSync(join(tmpdir(), 'caudal-chunk-cycles-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const files = {
    'main.js': "import('./route.js').then((m) => console.log(m.Route));",
    // The route's top-level map reads an icon; the icon sits beside a component the route imports.
    'route.js':
      "import { Tabs } from './tabs.js';\nimport { Icon } from './icon.js';\nexport const ICONS = { a: Icon };\nexport function Route() { return [Tabs, ICONS]; }",
    'tabs.js': "import { useRef } from './hooks.js';\nexport function Tabs() { return useRef(); }",
    'hooks.js': 'export function useRef() { return 1; }',
    'icon.js': 'export function Icon() { return 2; }',
  };
  for (const [name, code] of Object.entries(files)) writeFileSync(join(root, name), code);
  const buildWith = (group: (id: string) => string | null) =>
    build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [noChunkCycles()],
      build: {
        write: false,
        minify: false,
        rolldownOptions: {
          input: join(root, 'main.js'),
          output: {
            codeSplitting: { groups: [{ name: group, includeDependenciesRecursively: false }] },
          },
        },
      },
    });

  it('fails the build when a grouping makes two chunks import each other, naming the imports', async () => {
    // `tabs` grouped apart from its hooks, which stay with the route: route ⇄ shared.
    await expect(
      buildWith((id) =>
        /tabs\.js$/.test(id) || /icon\.js$/.test(id)
          ? 'shared'
          : /(route|hooks)\.js$/.test(id)
            ? 'own'
            : null,
      ),
    ).rejects.toThrow(/Chunks import each other[\s\S]*tabs\.js imports [^ ]*hooks\.js/);
  });

  it('lets a grouping through when no chunk imports one that imports it back', async () => {
    await expect(
      buildWith((id) =>
        /(tabs|icon|hooks)\.js$/.test(id) ? 'shared' : /route\.js$/.test(id) ? 'own' : null,
      ),
    ).resolves.toBeDefined();
  });
});
