import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { devices } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { callApi, signInByApi } from '../fixtures/api';
import { pickInstitution, submitCredentials } from '../fixtures/connect';
import { DEMO_USERS } from '../fixtures/demo';
import { expect, NO_SESSION, test } from '../fixtures/signed-in';

const TEXT = {
  addEndpoint: 'Añadir endpoint',
  url: 'URL',
  createEndpoint: 'Crear endpoint',
  secret: 'Secreto de firma',
  copied: 'He copiado el secreto',
  actionsOf: (url: string) => `Acciones de ${url}`,
  deliveries: 'Entregas',
  deliveriesTable: 'Entregas',
  delivered: 'Entregada',
  refresh: 'Actualizar',
  replayOf: (id: string) => `Reenviar la entrega ${id}`,
  replayed: 'Entrega en cola de nuevo',
  success: 'Credencial añadida con éxito!',
} as const;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The integrator's receiver, on this machine (the e2e server allows http and loopback URLs). */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: `http://127.0.0.1:${port}/hooks/caudal`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Delivered {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

/** Every request so far, each checked with the library's own verifier and the secret shown once. */
function verifyAll(received: readonly Received[], secret: string): Delivered[] {
  const webhook = new Webhook(secret);
  return received.map((request) => {
    const payload = webhook.verify(request.body, request.headers as Record<string, string>) as Delivered;
    expect(request.headers['webhook-id']).toBe(payload.id);
    return payload;
  });
}

test.use({ signedInAs: DEMO_USERS.wealth });

test('webhooks: an endpoint made in the Webhooks tab receives a hosted Link’s events, signed; the log replays one', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const receiver = await startReceiver();
  try {
    // Set-up through the API: an application and a Link (their screens have their own specs).
    const staff = await signInByApi(request, DEMO_USERS.wealth);
    const suffix = Date.now().toString(36);
    const application = await callApi<{ client_id: string }>(
      request,
      staff,
      '/platform/applications/create-application',
      { name: `Webhooks ${suffix}` },
    );
    const link = await callApi<{ token: string; url: string }>(
      request,
      staff,
      '/platform/links/create-link',
      {
        name: `Webhooks ${suffix}`,
      },
    );

    // The endpoint, through the Webhooks tab; its signing secret is shown this once.
    await page.goto(`/es/applications/${application.client_id}/webhooks`);
    // The header's button (the empty state offers the same action).
    await page.getByRole('button', { name: TEXT.addEndpoint }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: TEXT.url }).fill(receiver.url);
    await dialog.getByRole('button', { name: TEXT.createEndpoint }).click();
    const secretBox = dialog.getByRole('textbox', { name: TEXT.secret });
    await expect(secretBox).toHaveValue(/^whsec_/);
    const secret = await secretBox.inputValue();
    await dialog.getByRole('button', { name: TEXT.copied }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name: receiver.url, exact: true })).toBeVisible();

    // A customer connects a bank through the hosted Link page, in their own browser.
    const visitorContext = await browser.newContext({
      ...devices['Pixel 7'],
      viewport: { width: 390, height: 844 },
      locale: 'es-ES',
      baseURL,
      storageState: NO_SESSION,
    });
    const visitor = await visitorContext.newPage();
    await visitor.goto(new URL(link.url).pathname);
    await pickInstitution(visitor, 'es', 'Cajamar');
    await submitCredentials(visitor, 'es', { username: 'demo-ok', password: 'demo' });
    await expect(visitor.getByRole('heading', { name: TEXT.success })).toBeVisible();
    await visitorContext.close();

    // The receiver gets both events, each verified; the code itself never travels.
    await expect
      .poll(() => verifyAll(receiver.received, secret).map((event) => event.type), { timeout: 20_000 })
      .toEqual(expect.arrayContaining(['credentials.created', 'link.code_issued']));
    const events = verifyAll(receiver.received, secret);
    const created = events.find((event) => event.type === 'credentials.created') as Delivered;
    const issued = events.find((event) => event.type === 'link.code_issued') as Delivered;
    expect(issued.data).toMatchObject({
      link_token: link.token,
      credentials_token: created.data.credentials_token,
    });
    expect(Object.keys(issued.data).sort()).toEqual([
      'credentials_token',
      'expires_at',
      'link_token',
      'state',
    ]);
    // Another secret does not verify what came.
    expect(() => verifyAll(receiver.received, `whsec_${Buffer.alloc(32, 7).toString('base64')}`)).toThrow();

    // The delivery log shows it delivered; replaying sends the same event again (same webhook-id).
    await page.getByRole('button', { name: TEXT.actionsOf(receiver.url) }).click();
    await page.getByRole('menuitem', { name: TEXT.deliveries }).click();
    const log = page.getByRole('dialog');
    const row = log
      .getByRole('table', { name: TEXT.deliveriesTable })
      .getByRole('row')
      .filter({ hasText: 'link.code_issued' });
    await expect(async () => {
      await log.getByRole('button', { name: TEXT.refresh }).click();
      await expect(row.getByText(TEXT.delivered)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    const before = receiver.received.length;
    await row.getByRole('button', { name: TEXT.replayOf(issued.id) }).click();
    await expect(page.getByText(TEXT.replayed)).toBeVisible();
    // Other subscribed events may arrive meanwhile: the replay is the one with the same webhook-id.
    const replays = () =>
      verifyAll(receiver.received.slice(before), secret).filter((e) => e.id === issued.id);
    await expect.poll(() => replays().length, { timeout: 20_000 }).toBe(1);
    expect(replays()[0]).toEqual(issued);
  } finally {
    await receiver.close();
  }
});
