import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleReport } from './build/bundle-report';
import { precompress } from './build/precompress';
import { scrollAreaRefs } from './build/scroll-area-refs';

/** The API the dev server forwards to; in production the API serves the built portal itself. */
const apiTarget = process.env.CAUDAL_API_URL ?? 'http://localhost:3100';
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
const mantineShell = new RegExp(
  `node_modules[\\\\/](@mantine[\\\\/]core[\\\\/]esm[\\\\/](core|utils|components[\\\\/](${SHELL_COMPONENTS.join('|')})[\\\\/])|clsx[\\\\/])`,
);

const vendorGroups: { name: string; test: RegExp }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'mantine', test: mantineShell },
];

export default defineConfig({
  plugins: [react(), scrollAreaRefs(), precompress(), bundleReport()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
});
