import type { FirstScreenEntry } from '../src/first-screens';

/** A chunk of a finished build, as far as planning needs it. */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  /** The module a lazy chunk stands for (the `import()` target), if any. */
  facadeModuleId: string | null;
  /** Chunks it imports statically: they load with it. */
  imports: readonly string[];
  /** Chunks it loads with `import()`. */
  dynamicImports: readonly string[];
  moduleIds: readonly string[];
}

/** What the chunk plan reads of a first screen of the manifest (src/first-screens.ts). */
export type FirstScreen = Pick<FirstScreenEntry, 'name' | 'modules' | 'ownCodeOnly' | 'prefetchOnly'>;

/** Whether a module id (an absolute file path) is the manifest's module (a path from `src/`). */
export function isScreenModule(id: string, module: string): boolean {
  return id.replaceAll('\\', '/').endsWith(`/src/${module}`);
}

/**
 * The lazy chunks a screen's modules stand for (the `import()` targets of app/router.tsx). A module that
 * no chunk stands for fails the build: a renamed or moved route module, or one the router now imports
 * statically, would otherwise leave the screen out of the plan and its first load quietly heavier.
 */
export function lazyChunksOf<C extends Pick<BuiltChunk, 'fileName' | 'facadeModuleId'>>(
  chunks: readonly C[],
  screen: Pick<FirstScreen, 'name' | 'modules'>,
): C[] {
  return screen.modules.map((module) => {
    const found = chunks.find((chunk) => isScreenModule(chunk.facadeModuleId ?? '', module));
    if (!found) {
      throw new Error(
        `First screen "${screen.name}": no lazy route module src/${module} in the build. ` +
          'Renamed or moved? Update apps/web/src/first-screens.ts (and app/router.tsx must import() it).',
      );
    }
    return found;
  });
}

/** The name of the chunk for code that more than one first screen needs. */
export const SHARED_FIRST_SCREEN_CHUNK = 'frame';
/** The name of the chunk for the entry's own graph beyond the entry file and the named vendor chunks. */
export const STARTUP_CHUNK = 'startup';

/** The chunks that load with these: themselves and what they import statically, transitively. */
export function staticClosure(
  start: readonly string[],
  byFile: ReadonlyMap<string, Pick<BuiltChunk, 'imports'>>,
): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(byFile.get(file)?.imports ?? []));
  }
  return seen;
}

/**
 * From a build split purely by use: which chunk each module of a first screen should go to. A module only
 * one first screen loads beyond the entry goes to that screen's chunk (for an `ownCodeOnly` screen, to
 * `<name>-shared` if another screen loads it too); one that several first screens load goes to `frame`;
 * a `prefetchOnly` screen takes only what no first screen has; the entry's graph beyond the entry file
 * goes to `startup`; the entry file, a separate entry's graph and the named vendor chunks stay where the
 * bundler puts them. The plan reads the bundler's own output, so it sees the graph after tree shaking,
 * which barrel files (icons, Mantine, the contract) hide from a module's importers.
 */
export interface PlanRules {
  /** Chunks left as they are (the named vendor chunks). */
  keepChunk: (fileName: string) => boolean;
  /** Modules left where the bundler puts them. */
  keepModule?: (moduleId: string) => boolean;
  /**
   * Modules that go to `startup` wherever they are used: shared machinery (the query library's mutations)
   * that would otherwise follow one screen's chunk into every other screen that uses it.
   */
  startupModule?: (moduleId: string) => boolean;
  /**
   * Entries that must load apart from the app's (the early entry): their graph goes neither to `startup`
   * nor to a screen's chunk, so they never wait for the app's code.
   */
  separateEntry?: RegExp;
}

export function planFirstScreenChunks(
  chunks: readonly BuiltChunk[],
  screens: readonly FirstScreen[],
  { keepChunk, keepModule = () => false, startupModule = () => false, separateEntry }: PlanRules,
): Map<string, string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const isSeparate = (chunk: BuiltChunk) => separateEntry?.test(chunk.facadeModuleId ?? '') === true;
  const entries = chunks.filter((chunk) => chunk.isEntry);
  const separate = staticClosure(
    entries.filter(isSeparate).map((chunk) => chunk.fileName),
    byFile,
  );
  const initial = staticClosure(
    entries.filter((chunk) => !isSeparate(chunk)).map((chunk) => chunk.fileName),
    byFile,
  );
  const loadersOf = new Map<string, string[]>();
  for (const chunk of chunks) {
    for (const file of [...chunk.imports, ...chunk.dynamicImports]) {
      const loaders = loadersOf.get(file) ?? [];
      loaders.push(chunk.fileName);
      loadersOf.set(file, loaders);
    }
  }
  const screensOfModule = new Map<string, Set<FirstScreen>>();
  const sharedFiles = new Set<string>();
  for (const screen of screens) {
    const lazy = lazyChunksOf(chunks, screen).map((chunk) => chunk.fileName);
    const closure = staticClosure(lazy, byFile);
    const planned = [...closure].filter(
      (file) => !initial.has(file) && !separate.has(file) && !keepChunk(file),
    );
    // A file some chunk outside the screen loads is shared, and so is everything it imports: another screen
    // loads that too. Had a shared file's import stayed in the screen's own chunk, `<name>-shared` would
    // import `<name>` and `<name>` import `<name>-shared`, a cycle (see build/chunk-cycles.ts).
    const loadedFromOutside = planned.filter((file) =>
      (loadersOf.get(file) ?? []).some((loader) => !closure.has(loader) && !initial.has(loader)),
    );
    for (const file of staticClosure(loadedFromOutside, byFile)) if (closure.has(file)) sharedFiles.add(file);
    for (const file of planned) {
      for (const id of byFile.get(file)?.moduleIds ?? []) {
        if (keepModule(id)) continue;
        const owners = screensOfModule.get(id) ?? new Set<FirstScreen>();
        owners.add(screen);
        screensOfModule.set(id, owners);
      }
    }
  }
  const fileOfModule = new Map(chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk.fileName])));
  const plan = new Map<string, string>();
  // What every page loads before it starts, as one file rather than the bundler's dozen small shared
  // chunks: over HTTP/1.1 each file waits for a free connection and costs a round trip of its own.
  for (const id of fileOfModule.keys()) if (startupModule(id)) plan.set(id, STARTUP_CHUNK);
  for (const file of initial) {
    const chunk = byFile.get(file);
    if (!chunk || keepChunk(file) || separate.has(file)) continue;
    for (const id of chunk.moduleIds)
      if (id !== chunk.facadeModuleId && !keepModule(id)) plan.set(id, STARTUP_CHUNK);
  }
  for (const [id, owners] of screensOfModule) {
    if (startupModule(id)) continue;
    const firstScreens = [...owners].filter((screen) => !screen.prefetchOnly);
    const candidates = firstScreens.length > 0 ? firstScreens : [...owners];
    const [only] = candidates;
    if (candidates.length > 1 || only === undefined) plan.set(id, SHARED_FIRST_SCREEN_CHUNK);
    else if (only.ownCodeOnly && sharedFiles.has(fileOfModule.get(id) ?? ''))
      plan.set(id, `${only.name}-shared`);
    else plan.set(id, only.name);
  }
  return plan;
}
