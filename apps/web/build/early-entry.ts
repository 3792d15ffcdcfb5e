import type { Plugin } from 'vite';

/** The early entry (src/early-start.ts): built as an entry of its own, run before the app's. */
export const EARLY_ENTRY = /src[\\/]early-start\.ts$/;

interface EntryChunk {
  type: 'chunk';
  isEntry: boolean;
  facadeModuleId: string | null;
  fileName: string;
  imports: string[];
}

/**
 * Puts the early entry in `index.html` ahead of the app's script, with preloads for what it imports:
 * module scripts run in document order, so its calls are registered before the app makes its own. A
 * page without the early entry, or without an app script to put it before, fails the build.
 */
export function earlyEntryScript(): Plugin {
  return {
    name: 'caudal-early-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const early = Object.values(context.bundle ?? {}).find(
          (file): file is EntryChunk & typeof file =>
            file.type === 'chunk' && file.isEntry && EARLY_ENTRY.test(file.facadeModuleId ?? ''),
        );
        if (!early) throw new Error('The build has no early entry (src/early-start.ts) to put in index.html');
        const tags = [
          `<script type="module" crossorigin src="/${early.fileName}"></script>`,
          ...early.imports.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
        ].join('\n    ');
        const appScript = html.indexOf('<script type="module"');
        if (appScript === -1)
          throw new Error('index.html has no module script to put the early entry before');
        return `${html.slice(0, appScript)}${tags}\n    ${html.slice(appScript)}`;
      },
    },
  };
}
