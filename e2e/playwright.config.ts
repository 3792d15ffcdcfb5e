import { defineConfig } from '@playwright/test';
import { CHROMIUM_PROJECTS, CHROMIUM_USE, REPORTER } from './fixtures/browser';

const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${port}`;

/**
 * Drives Debian's Chromium (a test tool's own browser download cannot work on our machines) against
 * the real API server, which serves the built portal on a fresh embedded database with demo data.
 */
export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: REPORTER,
  outputDir: './.artifacts/results',
  use: { baseURL, ...CHROMIUM_USE },
  projects: CHROMIUM_PROJECTS,
  webServer: {
    command: 'rm -rf .artifacts/data && npx tsx ../apps/api/src/main.ts',
    cwd: import.meta.dirname,
    url: `${baseURL}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: '.artifacts/data',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
  },
});
