import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { links } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInTenant } from '../wealth/wealth-fixtures';
import { createLinkFor } from './links-fixtures';

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'caudal-links-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Caudal</title>');
  // As the build leaves it: a precompressed copy beside it, served to browsers that accept gzip.
  writeFileSync(join(webRoot, 'index.html.gz'), gzipSync('<!doctype html><title>Caudal</title>'));
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '10.9.8.7' });

describe('the hosted Link page URL', () => {
  it('serves the portal for a live Link (active or paused) and a 404 once it is deleted', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    const path = new URL(link.url).pathname;
    for (const url of [path, `/es${path}`, `/en${path}`]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<title>Caudal</title>');
    }
    await tenant.call(links.pauseLink.path, { token: link.token });
    // Paused: the page exists and tells the visitor so.
    expect((await get(`/es${path}`)).statusCode).toBe(200);

    const cached = await get(`/es${path}`);
    await tenant.call(links.resumeLink.path, { token: link.token });
    await tenant.call(links.deleteLink.path, { token: link.token });
    // A browser that cached the page revalidates it: the answer is still the whole page, with 404.
    const revalidated = await t.app.inject({
      method: 'GET',
      url: `/es${path}`,
      headers: {
        'if-none-match': String(cached.headers.etag),
        'if-modified-since': String(cached.headers['last-modified']),
      },
      remoteAddress: '10.9.8.7',
    });
    expect(revalidated.statusCode).toBe(404);
    expect(revalidated.body).toContain('<title>Caudal</title>');
    for (const url of [path, `/es${path}`]) {
      const gone = await get(url);
      expect(gone.statusCode, url).toBe(404);
      // Still the portal, which shows its not-found page.
      expect(gone.body).toContain('<title>Caudal</title>');
    }
    expect((await get('/es/link/never-existed')).statusCode).toBe(404);
    // Browsers ask for compressed files: the 404 still carries the page (an empty 404 is an error page).
    const zipped = await t.app.inject({
      method: 'GET',
      url: `/es${path}`,
      headers: { 'accept-encoding': 'gzip, br' },
      remoteAddress: '10.9.8.7',
    });
    expect(zipped.statusCode).toBe(404);
    expect(zipped.rawPayload.length).toBeGreaterThan(0);
  });

  it("serves the page with a 503 while the database is away, never the API's JSON error", async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    const refused = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    const { db } = t.app.deps;
    t.app.deps.db = db.withPlugin({
      transformQuery: () => {
        throw refused;
      },
      transformResult: async (args) => args.result,
    });
    try {
      const page = await get(`/es/link/${link.token}`);
      expect(page.statusCode).toBe(503);
      expect(page.headers['retry-after']).toBe('5');
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('<title>Caudal</title>');
    } finally {
      t.app.deps.db = db;
    }
    expect((await get(`/es/link/${link.token}`)).statusCode).toBe(200);
  });

  it('forbids off-site loads on the page', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    const page = await get(new URL(link.url).pathname);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
