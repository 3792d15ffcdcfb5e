import { describe, expect, it } from 'vitest';
import { findChunkCycles } from './chunk-cycles';
import { type BuiltChunk, planFirstScreenChunks } from './first-screen-chunks';

const chunk = (fileName: string, parts: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  dynamicImports: [],
  moduleIds: [`${fileName}.module`],
  ...parts,
});

// entry → (lazy) login, list, other; list and other share `table`; login and list share `menu`;
// login and other share `form`.
const build = [
  chunk('entry', {
    isEntry: true,
    facadeModuleId: 'entry.module',
    imports: ['react'],
    dynamicImports: ['login', 'list', 'other'],
  }),
  chunk('react'),
  chunk('login', { facadeModuleId: '/src/login-route.tsx', imports: ['menu', 'form', 'login-only'] }),
  chunk('list', { facadeModuleId: '/src/list-route.tsx', imports: ['menu', 'table', 'react'] }),
  chunk('other', { facadeModuleId: '/src/other-route.tsx', imports: ['table', 'form'] }),
  chunk('menu'),
  chunk('form'),
  chunk('table'),
  chunk('login-only'),
];

const plan = planFirstScreenChunks(
  build,
  [
    { name: 'session', modules: ['login-route.tsx'], ownCodeOnly: true },
    { name: 'signed-in', modules: ['list-route.tsx'] },
  ],
  { keepChunk: (file) => file === 'react' },
);

describe('first-screen chunks', () => {
  it('gives each first screen its code beyond the entry, and what both need to a shared chunk', () => {
    expect(plan.get('list.module')).toBe('signed-in');
    expect(plan.get('table.module')).toBe('signed-in');
    expect(plan.get('login.module')).toBe('session');
    expect(plan.get('login-only.module')).toBe('session');
    expect(plan.get('menu.module')).toBe('frame');
  });

  it('leaves the entry, the named vendor chunks and the other screens alone', () => {
    expect(plan.has('entry.module')).toBe(false);
    expect(plan.has('react.module')).toBe(false);
    expect(plan.has('other.module')).toBe(false);
  });

  it('puts what an own-code-only screen shares with other screens in a chunk of its own', () => {
    expect(plan.get('form.module')).toBe('session-shared');
  });

  it('puts the shared machinery it is told of in the startup chunk, wherever it is used', () => {
    const withMutations = planFirstScreenChunks(
      [...build, chunk('mutation', { moduleIds: ['/node_modules/query/mutation.js'] })].map((file) =>
        file.fileName === 'login' || file.fileName === 'other'
          ? { ...file, imports: [...file.imports, 'mutation'] }
          : file,
      ),
      [{ name: 'session', modules: ['login-route.tsx'], ownCodeOnly: true }],
      { keepChunk: (file) => file === 'react', startupModule: (id) => id.includes('/query/') },
    );
    expect(withMutations.get('/node_modules/query/mutation.js')).toBe('startup');
    expect(withMutations.get('form.module')).toBe('session-shared');
  });

  it("puts the entry's graph beyond the entry module in the startup chunk", () => {
    const withEntryGraph = planFirstScreenChunks(
      [
        chunk('entry', {
          isEntry: true,
          facadeModuleId: '/index.html',
          moduleIds: ['/index.html', '/src/main.tsx', '/src/app.tsx'],
          imports: ['react', 'api'],
        }),
        chunk('react'),
        chunk('api'),
      ],
      [],
      { keepChunk: (file) => file === 'react', keepModule: (id) => id.endsWith('main.tsx') },
    );
    expect(withEntryGraph.get('/src/app.tsx')).toBe('startup');
    expect(withEntryGraph.get('api.module')).toBe('startup');
    expect(withEntryGraph.has('/src/main.tsx')).toBe(false);
    expect(withEntryGraph.has('/index.html')).toBe(false);
    expect(withEntryGraph.has('react.module')).toBe(false);
  });

  it("leaves a separate entry's graph to itself: neither in startup nor in a screen's chunk", () => {
    const withEarly = planFirstScreenChunks(
      [
        chunk('entry', {
          isEntry: true,
          facadeModuleId: '/src/main.tsx',
          imports: ['react', 'token'],
          dynamicImports: ['list'],
        }),
        chunk('early', { isEntry: true, facadeModuleId: '/src/early-start.ts', imports: ['token'] }),
        chunk('token'),
        chunk('react'),
        chunk('list', { facadeModuleId: '/src/list-route.tsx', imports: ['token', 'table'] }),
        chunk('table'),
      ],
      [{ name: 'signed-in', modules: ['list-route.tsx'] }],
      { keepChunk: (file) => file === 'react', separateEntry: /early-start/ },
    );
    expect(withEarly.has('token.module')).toBe(false);
    expect(withEarly.has('early.module')).toBe(false);
    expect(withEarly.get('table.module')).toBe('signed-in');
  });

  it('fails when a screen names a module no lazy chunk stands for (a renamed route module)', () => {
    expect(() =>
      planFirstScreenChunks(build, [{ name: 'signed-in', modules: ['client-list-route.tsx'] }], {
        keepChunk: (file) => file === 'react',
      }),
    ).toThrow(/First screen "signed-in": no lazy route module src\/client-list-route\.tsx/);
  });

  it("never leaves what an own-code-only screen's shared code imports in its own chunk (no chunk cycle)", () => {
    // The defect of the client page's prefetch chunk: `tabs` (Mantine's Tabs) is shared with another
    // route, and imports `hooks`, which only `tabs` loads. Left in `client-page` while `tabs` went to
    // `client-page-shared`, the two chunks imported each other, and the route's top-level icon map read
    // undefined icons whenever another screen had loaded the shared chunk first.
    const split = [
      chunk('entry', {
        isEntry: true,
        facadeModuleId: 'entry.module',
        imports: ['react'],
        dynamicImports: ['list', 'client', 'other'],
      }),
      chunk('react'),
      chunk('list', { facadeModuleId: '/src/list-route.tsx' }),
      chunk('client', { facadeModuleId: '/src/client-route.tsx', imports: ['tabs', 'icons'] }),
      chunk('other', { facadeModuleId: '/src/other-route.tsx', imports: ['tabs'] }),
      chunk('tabs', { imports: ['hooks', 'icons'] }),
      chunk('hooks'),
      chunk('icons'),
    ];
    const screens = [
      { name: 'signed-in', modules: ['list-route.tsx'] },
      { name: 'client-page', modules: ['client-route.tsx'], ownCodeOnly: true, prefetchOnly: true },
    ];
    const clientPlan = planFirstScreenChunks(split, screens, { keepChunk: (file) => file === 'react' });
    expect(clientPlan.get('client.module')).toBe('client-page');
    expect(clientPlan.get('tabs.module')).toBe('client-page-shared');
    expect(clientPlan.get('hooks.module')).toBe('client-page-shared');
    expect(clientPlan.get('icons.module')).toBe('client-page-shared');
    // The chunks the plan makes, with the split's imports between them: none imports another back.
    const chunkOf = (file: string) => clientPlan.get(`${file}.module`) ?? file;
    const planned = new Map<string, Set<string>>();
    for (const file of split) {
      const from = chunkOf(file.fileName);
      const imports = planned.get(from) ?? new Set<string>();
      for (const to of file.imports) if (chunkOf(to) !== from) imports.add(chunkOf(to));
      planned.set(from, imports);
    }
    expect(
      findChunkCycles([...planned].map(([fileName, imports]) => ({ fileName, imports: [...imports] }))),
    ).toEqual([]);
  });
});
