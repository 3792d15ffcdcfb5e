import type { Plugin } from 'vite';

/** A chunk of the finished build, as far as the cycle check needs it. */
export interface ChunkImports {
  fileName: string;
  /** Chunks it imports statically. */
  imports: readonly string[];
  moduleIds: readonly string[];
}

/**
 * The groups of chunks that import each other statically, directly or through others (strongly connected
 * components of more than one chunk, or a chunk that imports itself).
 */
export function findChunkCycles(chunks: readonly Pick<ChunkImports, 'fileName' | 'imports'>[]): string[][] {
  const importsOf = new Map(chunks.map((chunk) => [chunk.fileName, chunk.imports]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) ?? 0);
    stack.push(file);
    onStack.add(file);
    for (const next of importsOf.get(file) ?? []) {
      if (!importsOf.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      group.push(member);
      if (member === file) break;
    }
    if (group.length > 1 || importsOf.get(file)?.includes(file)) cycles.push(group.reverse());
  };
  for (const chunk of chunks) if (!index.has(chunk.fileName)) visit(chunk.fileName);
  return cycles;
}

const shortId = (id: string) => id.replace(/^.*node_modules[\\/]/, '').replace(/^.*[\\/]src[\\/]/, 'src/');

/**
 * Fails the build when output chunks import each other. Such a cycle is evaluated from whichever chunk
 * the browser reaches first: entered from the other side, a chunk's top-level code runs before the
 * chunk it imports from, and reads its bindings as `undefined`. That is how a client's tab icons (a
 * top-level map of icon components) became undefined elements (React #130) when another screen had
 * loaded the shared chunk first, while a direct load worked. The chunk plan
 * (build/first-screen-chunks.ts) is meant never to make one; this check holds it to that.
 */
export function noChunkCycles(): Plugin {
  return {
    name: 'caudal-no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
      const cycles = findChunkCycles(chunks);
      if (cycles.length === 0) return;
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const edge = (from: string, to: string) => {
        const target = new Set(byFile.get(to)?.moduleIds ?? []);
        const pairs = (byFile.get(from)?.moduleIds ?? []).flatMap((id) =>
          (this.getModuleInfo(id)?.importedIds ?? [])
            .filter((imported) => target.has(imported))
            .map((imported) => `${shortId(id)} imports ${shortId(imported)}`),
        );
        const shown = pairs.slice(0, 3).join('; ');
        return `  ${from} → ${to}: ${shown}${pairs.length > 3 ? ` (and ${pairs.length - 3} more)` : ''}`;
      };
      const lines = cycles.flatMap((cycle) =>
        cycle.flatMap((file) =>
          (byFile.get(file)?.imports ?? []).filter((to) => cycle.includes(to)).map((to) => edge(file, to)),
        ),
      );
      this.error(
        `Chunks import each other (${cycles.map((cycle) => cycle.join(' ⇄ ')).join('; ')}):\n${lines.join('\n')}\n` +
          'Entered from one side, the other side runs first and reads undefined bindings. A chunk group ' +
          '(vite.config.ts, build/first-screen-chunks.ts, src/first-screens.ts) must keep every module a ' +
          'grouped module imports in the same chunk or in one it does not load back.',
      );
    },
  };
}
