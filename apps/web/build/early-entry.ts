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
 * module scripts run in document order, so its calls are registered before the app makes its own.
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
        if (!early) return html;
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

/** `index.html` with the early entry's script (and preloads of its imports) before the app's script. */
export function withEarlyEntry(html: string, early: Pick<EntryChunk, 'fileName' | 'imports'>): string {
  const tags = [
    `<script type="module" crossorigin src="/${early.fileName}"></script>`,
    ...early.imports.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n    ');
  const appScript = html.indexOf('<script type="module"');
  if (appScript === -1) throw new Error('index.html has no module script to put the early entry before');
  return `${html.slice(0, appScript)}${tags}\n    ${html.slice(appScript)}`;
}
