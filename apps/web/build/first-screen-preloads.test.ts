import { FIRST_SCREENS_FILE, ZFirstScreenPreloads } from '@caudal/contract';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { firstScreenPreloads } from './first-screen-preloads';

const chunk = (fileName: string, parts: object = {}) => ({
  type: 'chunk',
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  moduleIds: [],
  ...parts,
});

// The entry; the signed-in screen's chunk (its layout and list merged), with a stylesheet, importing the
// shared frame; the catalogue parts of both languages.
const bundle = Object.fromEntries(
  [
    chunk('assets/index-a.js', { isEntry: true, facadeModuleId: '/r/apps/web/index.html' }),
    chunk('assets/signed-in-b.js', {
      moduleIds: ['/r/apps/web/src/layouts/main.tsx', '/r/apps/web/src/routes/list.tsx'],
      imports: ['assets/frame-c.js'],
      viteMetadata: { importedCss: new Set(['assets/signed-in-b.css']) },
    }),
    chunk('assets/frame-c.js', { moduleIds: ['/r/apps/web/src/shared/x.ts'] }),
    chunk('assets/core-es.js', { facadeModuleId: '/r/packages/contract/src/locales/es/core.ts' }),
    chunk('assets/core-en.js', { facadeModuleId: '/r/packages/contract/src/locales/en/core.ts' }),
  ].map((file) => [file.fileName, file]),
);

const screen = {
  name: 'signed-in',
  modules: ['layouts/main.tsx', 'routes/list.tsx'],
  paths: ['/wealth/clients'],
  catalogue: ['core'],
};

/** Runs the real plugin's `generateBundle` hook; answers the file it emits. */
function generate(plugin: Plugin): unknown {
  let emitted: unknown = null;
  const context = {
    emitFile: (file: { fileName: string; source: string }) => {
      if (file.fileName === FIRST_SCREENS_FILE) emitted = JSON.parse(file.source);
    },
    error: (message: string) => {
      throw new Error(message);
    },
  };
  (plugin.generateBundle as (this: unknown, options: unknown, files: unknown) => void).call(
    context,
    {},
    bundle,
  );
  return emitted;
}

describe('first-screen preloads (the real plugin)', () => {
  it("lists a screen's chunks, stylesheets and catalogue parts, in the contract's format", () => {
    const written = generate(firstScreenPreloads([screen]));
    expect(ZFirstScreenPreloads.parse(written)).toEqual({
      screens: [
        {
          paths: ['/wealth/clients'],
          scripts: ['/assets/signed-in-b.js', '/assets/frame-c.js'],
          styles: ['/assets/signed-in-b.css'],
          catalogue: ['core'],
        },
      ],
      catalogue: { es: { core: '/assets/core-es.js' }, en: { core: '/assets/core-en.js' } },
    });
  });

  it('fails the build when a module of the manifest is in no chunk (renamed)', () => {
    const renamed = { ...screen, modules: ['layouts/main.tsx', 'routes/clients.tsx'] };
    expect(() => generate(firstScreenPreloads([renamed]))).toThrow(
      /src\/routes\/clients\.tsx is in no chunk/,
    );
  });

  it('fails the build when a catalogue part of the manifest is not built', () => {
    expect(() => generate(firstScreenPreloads([{ ...screen, catalogue: ['core', 'gone'] }]))).toThrow(
      /catalogue part "gone"/,
    );
  });

  it('fails the build rather than write a file the API would ignore', () => {
    expect(() => generate(firstScreenPreloads([{ ...screen, paths: ['/wealth/clients?x=1'] }]))).toThrow(
      /would not be read by the API/,
    );
  });
});
