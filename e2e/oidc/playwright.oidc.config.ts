import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_PROJECTS, CHROMIUM_USE, REPORTER } from '../fixtures/browser';
import { IDENTITY_PROVIDER, OIDC_CLIENT_ID, PORTAL_ORIGIN, PORTAL_PORT } from './oidc-settings';

/**
 * The OIDC sign-in end to end: Debian's Chromium, a real identity provider (oidc-provider with its
 * development login and consent pages) and the real API with AUTH_STRATEGY=oidc serving the built portal
 * on a fresh embedded database with demo data. Run after `npm run build -w @caudal/web`:
 *
 *   npx playwright test --config e2e/oidc/playwright.oidc.config.ts
 */
const E2E_DIR = resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: Number(process.env.E2E_RETRIES ?? 0),
  // Every run starts both servers cold (tsx, a fresh embedded database): leave room for the first pages.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: REPORTER,
  outputDir: '../.artifacts/oidc-results',
  use: { baseURL: PORTAL_ORIGIN, ...CHROMIUM_USE },
  projects: CHROMIUM_PROJECTS,
  webServer: [
    {
      command: 'npx tsx oidc/start-identity-provider.ts',
      cwd: E2E_DIR,
      url: `${IDENTITY_PROVIDER.issuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    {
      command: 'node fixtures/fresh-data-dir.mjs .artifacts/oidc-data && npx tsx ../apps/api/src/main.ts',
      cwd: E2E_DIR,
      url: `${PORTAL_ORIGIN}/health`,
      reuseExistingServer: false,
      // As the main suite's server: a cold start that seeds can take minutes on a busy machine.
      timeout: 300_000,
      stdout: 'pipe',
      env: {
        PORT: String(PORTAL_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: '.artifacts/oidc-data',
        // Always the fresh embedded database, even when the caller's shell has DATABASE_URL set.
        DATABASE_URL: '',
        PUBLIC_URL: PORTAL_ORIGIN,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        AUTH_STRATEGY: 'oidc',
        OIDC_ISSUER: IDENTITY_PROVIDER.issuer,
        OIDC_CLIENT_ID,
      },
    },
  ],
});
