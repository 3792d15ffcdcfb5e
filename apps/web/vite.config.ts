import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API the dev server forwards to; in production the API serves the built portal itself. */
const apiTarget = process.env.CAUDAL_API_URL ?? 'http://localhost:3100';
const proxied = ['/auth/v0', '/platform', '/v0', '/config.json', '/health'];

/**
 * Libraries every page needs go to a few stable vendor chunks (cached across deploys); everything that
 * only some routes use (oidc-client-ts, @mantine/dates, route modules) stays in lazy chunks.
 */
const vendorGroups: { name: string; test: RegExp }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  {
    name: 'mantine',
    test: /node_modules[\\/](@mantine[\\/](?!dates)[\w-]+|@floating-ui|react-remove-scroll|react-number-format|react-textarea-autosize|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|tabbable|detect-node-es|clsx|react-transition-group|dom-helpers)[\\/]/,
  },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/ },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
  { name: 'contract', test: /packages[\\/]contract[\\/]/ },
];

export default defineConfig({
  plugins: [react()],
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
