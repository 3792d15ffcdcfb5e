import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectBackOnConnections, pickInstitution, submitCredentials } from '../fixtures/connect';
import { DEMO_USERS } from '../fixtures/demo';
import { signInThroughForm } from '../fixtures/session';

/**
 * Issue 9 item 1: started with the defaults (no PUBLIC_URL, so it says http://localhost:<port>), the
 * portal works when opened on 127.0.0.1: sign-in, a new connection through the hosted connect page (whose
 * link, handed to others, still uses the configured localhost) and back. This spec starts its own server,
 * because the suite's server sets PUBLIC_URL.
 */
const port = Number(process.env.E2E_PORT ?? 3210) + 1000;
const origin = `http://127.0.0.1:${port}`;
const dataDir = `.artifacts/data-any-host-${port}`;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: origin });

let server: ChildProcess | null = null;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  rmSync(dataDir, { recursive: true, force: true });
  const env = { ...process.env };
  for (const name of ['PUBLIC_URL', 'API_BASE_URL', 'LINK_BASE_URL', 'REDIRECT_BASE_URL']) delete env[name];
  server = spawn('npx', ['tsx', '../apps/api/src/main.ts'], {
    cwd: `${import.meta.dirname}/..`,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${origin}/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 150_000, intervals: [500] },
    )
    .toBe(200);
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

test('the portal calls its own origin, whatever host name it was opened on', async ({ request }) => {
  const config = await (await request.get('/config.json')).json();
  expect(config.apiBaseUrl).toBe('');
  // Links handed to others come from configuration (the default PUBLIC_URL), never from the Host header.
  expect(config.linkBaseUrl).toBe(`http://localhost:${port}`);
});

test('sign in and connect a bank on 127.0.0.1 while PUBLIC_URL says localhost', async ({ page }) => {
  test.setTimeout(90_000);
  const failedCalls: string[] = [];
  page.on('requestfailed', (failed) => {
    const error = failed.failure()?.errorText ?? '';
    // Cancelled because the page navigated away first (to the hosted connect page and back): the
    // favicon, a count still loading. A refused or blocked call fails with another error (a CSP block
    // also shows in the console, below).
    if (error === 'net::ERR_ABORTED') return;
    failedCalls.push(`${failed.url()} ${error}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      failedCalls.push(message.text());
    }
  });

  await signInThroughForm(page, DEMO_USERS.wealth, 'es');
  await expect(page).toHaveURL(new RegExp(`^${origin}/es/`));
  await page.goto('/es/wealth/connections');
  await page.getByRole('button', { name: 'Nueva conexión' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Conectar', exact: true }).click();

  // The hosted page opens on the configured link origin and loads there too.
  await expect(page).toHaveURL(new RegExp(`^http://localhost:${port}/es/connect/`));
  await pickInstitution(page, 'es', 'Cajamar');
  await submitCredentials(page, 'es', { username: 'demo-ok', password: 'demo' });

  // Back on the host the user started from, still signed in.
  await expectBackOnConnections(page, 'es');
  await expect(page).toHaveURL(new RegExp(`^${origin}/es/wealth/connections`));
  await expect(page.getByText('Credencial conectada')).toBeVisible();
  expect(failedCalls).toEqual([]);
});
