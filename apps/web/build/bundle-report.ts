import { writeFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/** One chunk of the build: its static and dynamic imports and the bytes each source module adds to it. */
export interface ChunkReport {
  file: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  modules: { id: string; bytes: number }[];
}

/**
 * With `BUNDLE_REPORT=<file.json>` the build writes which modules went into which chunk (rendered, minified
 * bytes), so a budget overrun can be traced to the module that caused it. Off by default.
 */
export function bundleReport(target = process.env.BUNDLE_REPORT): Plugin {
  return {
    name: 'caudal-bundle-report',
    apply: 'build',
    async generateBundle(_options, bundle) {
      if (!target) return;
      const chunks: ChunkReport[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push({
          file: output.fileName,
          isEntry: output.isEntry,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          modules: Object.entries(output.modules)
            .map(([id, module]) => ({
              id: id.replace(/^.*node_modules[\\/]/, ''),
              bytes: module.renderedLength,
            }))
            .sort((a, b) => b.bytes - a.bytes),
        });
      }
      await writeFile(target, JSON.stringify(chunks, null, 1));
    },
  };
}
