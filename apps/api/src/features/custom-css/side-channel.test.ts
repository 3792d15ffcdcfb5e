import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exports as exportCalls } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { runExport } from '../exports/export-job';
import {
  createExportBook,
  exportJobDeps,
  generateExport,
  transactionsRequest,
} from '../exports/exports-fixtures';
import { signInTenant } from '../wealth/wealth-fixtures';

/**
 * Issue 21: CSS on a hosted page loaded `/platform/wealth/export-file/<token>` as a font, one token per
 * character, and the tokens spent told which characters were typed. Whatever the CSS and the CSP, a
 * single-use URL is spent only by a request that is a download, and no encoded path reaches it.
 */
let t: TestApp;
let webRoot: string;
let base: string;
beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'caudal-side-channel-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Caudal</title>');
  writeFileSync(join(webRoot, 'assets', 'app-123.js'), 'console.log(1)');
  writeFileSync(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webRoot });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** A GET over a real socket with the path exactly as given (inject and fetch would normalise it). */
function rawGet(path: string, headers: Record<string, string> = {}) {
  const [host, port] = base.split(':');
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest({ host, port: Number(port), path, method: 'GET', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

/** A ready export of one tenant, and a fresh single-use download path for it. */
async function readyExport() {
  const tenant = await signInTenant(t);
  const { client } = await createExportBook(t, tenant.companyId);
  const id = await generateExport(tenant.call, transactionsRequest([client.id]));
  expect(await runExport(exportJobDeps(t), id)).toBe('ready');
  const newPath = async () => {
    const link = await tenant.call(exportCalls.exportDownloadLink.path, { export_id: id });
    expect(link.statusCode).toBe(200);
    return link.json<{ path: string }>().path;
  };
  return { newPath };
}

const SUBRESOURCES = [
  'font',
  'image',
  'style',
  'script',
  'audio',
  'video',
  'track',
  'object',
  'embed',
  'worker',
  'manifest',
  'xslt',
];

describe('a single-use download is spent only by a download', { timeout: 60_000 }, () => {
  it('refuses, without spending the token, a request that loads it as a font, image, style, script…', async () => {
    const { newPath } = await readyExport();
    const path = await newPath();
    for (const destination of SUBRESOURCES) {
      const refused = await rawGet(path, { 'sec-fetch-dest': destination });
      expect(refused.status, destination).toBe(400);
      expect(JSON.parse(refused.body).error.code).toBe('FetchDestinationRefused');
    }
    // The router decodes `%70` to `p`: the refusal goes by the route that matched, not the raw path.
    const encoded = await rawGet(path.replace('/platform/', '/%70latform/'), { 'sec-fetch-dest': 'font' });
    expect(encoded.status).toBe(400);

    // Still unspent: the link followed as a page downloads the file, once.
    const download = await rawGet(path, { 'sec-fetch-dest': 'document' });
    expect(download.status).toBe(200);
    expect(download.body).toContain('Nómina enero');
    expect((await rawGet(path, { 'sec-fetch-dest': 'document' })).status).toBe(404);

    // A script's fetch (`empty`) and a client that sends no header (curl, an old browser) download too.
    for (const headers of [{ 'sec-fetch-dest': 'empty' }, {}] as Record<string, string>[]) {
      const response = await rawGet(await newPath(), headers);
      expect(response.status).toBe(200);
    }
  });

  it('refuses subresource loads on every API path, and never the portal files or the API reference', async () => {
    const unknown = '/platform/wealth/export-file/AAAAAAAAAAAAAAAAAAAAAA';
    expect((await rawGet(unknown, { 'sec-fetch-dest': 'image' })).status).toBe(400);
    expect((await rawGet(unknown, { 'sec-fetch-dest': 'document' })).status).toBe(404);
    expect((await rawGet('/config.json', { 'sec-fetch-dest': 'style' })).status).toBe(400);
    expect((await rawGet('/config.json', { 'sec-fetch-dest': 'empty' })).status).toBe(200);
    expect((await rawGet('/assets/app-123.js', { 'sec-fetch-dest': 'script' })).status).toBe(200);
    expect((await rawGet('/favicon.svg', { 'sec-fetch-dest': 'image' })).status).toBe(200);
    expect((await rawGet('/es/connect/abc', { 'sec-fetch-dest': 'document' })).status).toBe(200);
    expect((await rawGet('/api/v1/docs/swagger-ui.css', { 'sec-fetch-dest': 'style' })).status).toBe(200);
  });

  it('never routes an encoded path under /assets/ or the favicon to an API route', async () => {
    const { newPath } = await readyExport();
    const path = await newPath();
    const rest = path.slice(1); // platform/wealth/export-file/<token>
    const attempts = [
      `/assets/..%2F${rest}`,
      `/assets/..%2f${rest}`,
      `/assets/%2e%2e/${rest}`,
      `/assets/%2E%2E%2F${rest}`,
      `/assets/..%5C${rest}`,
      `/assets/../${rest}`,
      `/assets/%2e%2e%2f${rest}`,
      `/assets%2F..%2F${rest}`,
      `/assets/x/..%2F..%2F${rest}`,
      `/favicon.svg/..%2F${rest}`,
      `/assets/..%252F${rest}`,
    ];
    for (const attempt of attempts) {
      for (const headers of [{ 'sec-fetch-dest': 'font' }, {}] as Record<string, string>[]) {
        const response = await rawGet(attempt, headers);
        // A 404, or the portal's index.html for what looks like one of its routes; never the file.
        if (response.status === 200) expect(response.body, attempt).toContain('<title>Caudal</title>');
        expect(response.body, attempt).not.toContain('Nómina enero');
      }
    }
    // Not spent by any of them.
    expect((await rawGet(path)).status).toBe(200);
  });

  it('redirects nothing under /assets/ (a CSP path is not checked after a redirect)', async () => {
    for (const path of ['/assets', '/assets/', '/assets/x/', '/assets/..%2F', '/assets//platform/me']) {
      const response = await rawGet(path);
      expect([301, 302, 303, 307, 308], path).not.toContain(response.status);
    }
  });
});
