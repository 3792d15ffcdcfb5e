import { defineConfig } from '@playwright/test';
import { CHROMIUM_PROJECTS, CHROMIUM_USE, REPORTER } from './fixtures/browser';

const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${port}`;
/** The mail sink beside the server (fixtures/smtp-sink.mjs): in the run's own port range (`<port>0`). */
export const SMTP_SINK_PORT = port * 10;
export const MAIL_DIR = `.artifacts/mail-${port}`;

/**
 * Drives Debian's Chromium (a test tool's own browser download cannot work on our machines) against
 * the real API server, which serves the built portal on a fresh embedded database with demo data.
 */
export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // No retries: a test that needs one is a defect to fix, not a pass. E2E_RETRIES=n turns them on as a
  // safety net for a CI that wants one; scripts/test.mjs still fails a run with a flaky test.
  retries: Number(process.env.E2E_RETRIES ?? 0),
  // Flows that sign in, connect a sandbox bank and check several screens take 20-40 s on 2 shared cores.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: REPORTER,
  // Per port, so runs on different ports (parallel work on one machine) never share files.
  outputDir: `./.artifacts/results-${port}`,
  use: { baseURL, ...CHROMIUM_USE },
  projects: CHROMIUM_PROJECTS,
  webServer: [
    {
      command: `node fixtures/smtp-sink.mjs ${SMTP_SINK_PORT} ${MAIL_DIR}`,
      cwd: import.meta.dirname,
      port: SMTP_SINK_PORT,
      reuseExistingServer: false,
    },
    {
      command: `node fixtures/fresh-data-dir.mjs .artifacts/data-${port} && npx tsx ../apps/api/src/main.ts`,
      cwd: import.meta.dirname,
      url: `${baseURL}/health`,
      reuseExistingServer: false,
      // A cold tsx start with the demo seed: about 20 s alone, minutes on a machine shared by eight.
      timeout: 300_000,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: `.artifacts/data-${port}`,
        PUBLIC_URL: baseURL,
        LOG_LEVEL: 'warn',
        // The funnel spec's abandoned visit idles out in seconds, not the default 30 minutes.
        FUNNEL_IDLE_SECONDS: '3',
        NODE_ENV: 'production',
        // Mail goes to the sink, where specs read it as its addressee would (the invitation's link).
        SMTP_URL: `smtp://127.0.0.1:${SMTP_SINK_PORT}`,
        // Webhooks to a receiver the spec starts on this machine (development settings, never production).
        WEBHOOKS_ALLOW_HTTP: 'true',
        WEBHOOKS_ALLOW_LOOPBACK: 'true',
      },
    },
  ],
});
