import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type PluginOption, type UserConfig } from 'vite';
import { bundleReport } from './build/bundle-report';
import { noChunkCycles } from './build/chunk-cycles';
import { EARLY_ENTRY, earlyEntryScript } from './build/early-entry';
import { firstScreenCalls } from './build/first-screen-calls';
import { planFirstScreenChunks } from './build/first-screen-chunks';
import { firstScreenPreloads } from './build/first-screen-preloads';
import { findMantineClasses, mantineUsedCss } from './build/mantine-used-css';
import { precompress } from './build/precompress';
import { scrollAreaRefs } from './build/scroll-area-refs';
import { tableWithoutScrollContainer } from './build/table-scroll-container';
import { FIRST_SCREENS } from './src/first-screens';

/** The API the dev server forwards to; in production the API serves the built portal itself. */
const apiTarget = process.env.CAUDAL_API_URL ?? 'http://localhost:3000';
const proxied = ['/auth/v0', '/platform', '/v0', '/config.json', '/health', '/ready'];

/**
 * Only React and React Router, which every page runs, get a named vendor chunk (stable across deploys).
 * Everything else, Mantine included, is split by use: the first screen downloads only the components,
 * contract calls and catalogue it shows (issue 9: <= 200 KB gzip before the login page or the client list
 * renders; `npm run front-end -w @caudal/bench` measures it). Grouping all of Mantine, zod or the
 * contract into one chunk would put every screen's code on the first load.
 */
/**
 * Mantine's base (provider, styles API, hooks) and the few components nearly every first screen shows go
 * in one chunk: as forty small files they compressed about 8 % worse than as one. Components that only
 * some screens use (Menu, Modal, Select, dates…) stay split by use.
 */
const SHELL_COMPONENTS = [
  'ActionIcon',
  'Alert',
  'Anchor',
  'Badge',
  'Box',
  'Button',
  'Center',
  'CloseButton',
  'Container',
  'Group',
  'Input',
  'InputBase',
  'Loader',
  'Paper',
  'Portal',
  'Stack',
  'Text',
  'TextInput',
  'ThemeIcon',
  'Title',
  'Transition',
  'UnstyledButton',
  'VisuallyHidden',
];
const mantineShellModules = new RegExp(
  `node_modules[\\\\/](@mantine[\\\\/]core[\\\\/]esm[\\\\/](core|utils|components[\\\\/](${SHELL_COMPONENTS.join('|')})[\\\\/])|clsx[\\\\/])`,
);
/** Helpers only popovers, menus, tabs and checkboxes use: they load with those, not with every screen. */
const notShellHelpers =
  /[\\/](utils[\\/](Floating|InlineInput|InputsGroupFieldset)|create-scoped-keydown-handler|get-context-item-index)[\\/]/;
const mantineShell = (id: string) => mantineShellModules.test(id) && !notShellHelpers.test(id);

/**
 * The floating machinery (positioning, popover, focus trap, click outside) that menus, tooltips, selects
 * and modals share: a chunk of its own. Split by use, it went with the first screen that used it into that
 * screen's shared chunk, so the account and language menus loaded the client page's tabs, selects and
 * scroll areas (`client-page-shared`, 40 KB gzip) before they could open.
 */
const floatingModules =
  /node_modules[\\/](@floating-ui[\\/]|@mantine[\\/]core[\\/]esm[\\/](components[\\/](Popover|FocusTrap|Overlay)[\\/]|utils[\\/]Floating[\\/]|core[\\/]utils[\\/]create-scoped-keydown-handler[\\/])|@mantine[\\/]hooks[\\/]esm[\\/](use-focus-trap|use-focus-return|use-click-outside|use-long-press)[\\/])/;

const vendorGroups: {
  name: string;
  test: RegExp | ((id: string) => boolean);
  includeDependenciesRecursively?: boolean;
}[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'mantine', test: mantineShell },
  // Only these modules: the small hooks they import (use-uncontrolled…) are the first screens' too.
  { name: 'popover', test: floatingModules, includeDependenciesRecursively: false },
];

/**
 * The first screens (the login page; the signed-in frame with the client list) get their code beyond the
 * entry as one chunk each plus one for what both share, instead of forty small files: on a slow phone
 * network each round of requests costs a round trip, and small files compress worse. Which screens, with
 * which route modules, paths and early calls, is the manifest's (src/first-screens.ts); which modules go
 * to which chunk is read from a first build split purely by use (build/first-screen-chunks.ts).
 */
const VENDOR_CHUNK = /^assets\/(react|mantine|popover)-/;

interface BuildPlan {
  chunks: Map<string, string>;
  mantineClasses: Set<string>;
}

async function planBuild(): Promise<BuildPlan> {
  const byUse = splitByUse([]);
  const output = await build({
    ...byUse,
    configFile: false,
    logLevel: 'silent',
    build: { ...byUse.build, write: false },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) =>
    'output' in result ? result.output.filter((file) => file.type === 'chunk') : [],
  );
  return {
    chunks: planFirstScreenChunks(chunks, FIRST_SCREENS, {
      keepChunk: (file) => VENDOR_CHUNK.test(file),
      // Should a first screen ever validate with a schema again, zod must not pull that screen's chunk
      // into every form that validates. The entry module stays the entry chunk's own.
      keepModule: (id) => /node_modules[\\/]zod[\\/]/.test(id) || /src[\\/]main\.tsx$/.test(id),
      // useQuery is in the entry's graph; useMutation came with the login form's chunk into every dialog.
      startupModule: (id) => /node_modules[\\/]@tanstack[\\/]/.test(id),
      separateEntry: EARLY_ENTRY,
    }),
    mantineClasses: findMantineClasses(chunks.map((chunk) => chunk.code)),
  };
}

function splitByUse(plugins: PluginOption[], plan: BuildPlan | null = null): UserConfig {
  const firstScreens = {
    name: (id: string) => plan?.chunks.get(id) ?? null,
    debugName: 'first-screens',
    // Their dependencies outside the plan (the entry's graph) stay where they are.
    includeDependenciesRecursively: false,
  };
  return {
    root: fileURLToPath(new URL('.', import.meta.url)),
    plugins: [
      react(),
      scrollAreaRefs(),
      tableWithoutScrollContainer(),
      mantineUsedCss(plan?.mantineClasses ?? null),
      ...plugins,
    ],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: {
        // The early entry starts a first screen's calls before the app's code is in (build/early-entry.ts).
        input: {
          index: fileURLToPath(new URL('index.html', import.meta.url)),
          'early-start': fileURLToPath(new URL('src/early-start.ts', import.meta.url)),
        },
        output: { codeSplitting: { groups: [...vendorGroups, firstScreens] } },
      },
    },
  };
}

export default defineConfig(async ({ command }) => ({
  ...splitByUse(
    [
      firstScreenCalls(fileURLToPath(new URL('.', import.meta.url))),
      firstScreenPreloads(FIRST_SCREENS),
      noChunkCycles(),
      earlyEntryScript(),
      precompress(),
      bundleReport(),
    ],
    command === 'build' ? await planBuild() : null,
  ),
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
}));
