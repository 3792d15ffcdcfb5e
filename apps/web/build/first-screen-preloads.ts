import { FIRST_SCREENS_FILE, type FirstScreenPreloads, ZFirstScreenPreloads } from '@caudal/contract';
import type { Plugin } from 'vite';
import type { FirstScreenEntry } from '../src/first-screens';
import { isScreenModule, staticClosure } from './first-screen-chunks';

interface OutputChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  moduleIds: string[];
  viteMetadata?: { importedCss: Set<string> };
}

const CATALOGUE_PART = /locales[\\/](\w+)[\\/]([\w-]+)\.ts$/;

/**
 * Lists, for each first screen, the files its first render needs beyond what `index.html` already
 * preloads: its chunks and stylesheets and its catalogue parts. The API sends them as `Link` preload
 * headers with `index.html` on those paths, so the browser fetches them with the entry's scripts
 * instead of a round trip later, once the router has run.
 */
export function firstScreenPreloads(
  screens: readonly Pick<FirstScreenEntry, 'name' | 'modules' | 'paths' | 'catalogue'>[],
): Plugin {
  return {
    name: 'caudal-first-screen-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is OutputChunk & typeof file => file.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: readonly string[]) => staticClosure(start, byFile);
      const initial = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const preloads: FirstScreenPreloads = { screens: [], catalogue: {} };
      // A screen that is only prefetched has no path to send its files with.
      for (const screen of screens.filter((candidate) => candidate.paths.length > 0)) {
        // The screen's routes sit in a chunk of their own or in its merged first-screen chunk.
        const lazy = screen.modules.map((module) => {
          const found = chunks.find((chunk) => chunk.moduleIds.some((id) => isScreenModule(id, module)));
          if (!found) this.error(`First screen "${screen.name}": src/${module} is in no chunk of the build`);
          return found;
        });
        const files = [...closure(lazy.map((chunk) => chunk.fileName))].filter((file) => !initial.has(file));
        preloads.screens.push({
          paths: [...screen.paths],
          scripts: files.map((file) => `/${file}`),
          styles: files
            .flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])])
            .map((css) => `/${css}`),
          catalogue: [...screen.catalogue],
        });
      }
      for (const chunk of chunks) {
        const part = chunk.facadeModuleId ? CATALOGUE_PART.exec(chunk.facadeModuleId) : null;
        if (!part?.[1] || !part[2] || !screens.some((screen) => screen.catalogue.includes(part[2] ?? '')))
          continue;
        preloads.catalogue[part[1]] = { ...preloads.catalogue[part[1]], [part[2]]: `/${chunk.fileName}` };
      }
      for (const screen of screens) {
        for (const part of screen.catalogue) {
          const languages = Object.keys(preloads.catalogue).filter(
            (lang) => preloads.catalogue[lang]?.[part],
          );
          if (languages.length === 0 || languages.length < Object.keys(preloads.catalogue).length)
            this.error(
              `First screen "${screen.name}": catalogue part "${part}" is not built in every language`,
            );
        }
      }
      // The API reads it with the same schema and ignores a file that breaks it: fail here instead.
      const checked = ZFirstScreenPreloads.safeParse(preloads);
      if (!checked.success)
        this.error(`${FIRST_SCREENS_FILE} would not be read by the API: ${checked.error.message}`);
      this.emitFile({
        type: 'asset',
        fileName: FIRST_SCREENS_FILE,
        source: JSON.stringify(preloads, null, 1),
      });
    },
  };
}
