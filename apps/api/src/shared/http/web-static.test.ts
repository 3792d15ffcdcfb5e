import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SCREENS } from '../../test/first-screens-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FIRST_SCREENS_FILE } from './first-screen-preloads';

let t: TestApp;
let webRoot: string;
const INDEX_HTML = `<!doctype html><title>Caudal</title>${'<!-- padding -->'.repeat(100)}`;
const BUNDLE_JS = `export const rows = [${'"row",'.repeat(500)}];`;
const PRECOMPRESSED: Record<string, string> = {
  'index.html': INDEX_HTML,
  'assets/index-abc123.js': BUNDLE_JS,
};
beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'caudal-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Caudal</title>');
  writeFileSync(join(webRoot, 'assets', 'app-123.js'), 'console.log(1)');
  writeFileSync(join(webRoot, FIRST_SCREENS_FILE), JSON.stringify(FIRST_SCREENS));
  // What the build's precompress step writes beside each file.
  for (const [name, text] of Object.entries(PRECOMPRESSED)) {
    writeFileSync(join(webRoot, name), text);
    writeFileSync(join(webRoot, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(webRoot, `${name}.gz`), gzipSync(text));
  }
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the portal files', () => {
  it('serves index.html for / and for portal routes on reload, never cached', async () => {
    for (const url of ['/', '/es/wealth/clients', '/en/sesion/resetPassword?token=abc', '/auth/login']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>Caudal</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await get('/assets/app-123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('keeps API paths out of the fallback', async () => {
    expect((await get('/platform/unknown')).json().error.code).toBe('NotFound');
    expect((await get('/auth/v0/login')).statusCode).toBe(405);
    expect((await t.app.inject({ method: 'POST', url: '/es/wealth/clients', payload: {} })).statusCode).toBe(
      404,
    );
  });

  it('answers 404 for a missing file instead of the page', async () => {
    expect((await get('/assets/missing.js')).statusCode).toBe(404);
    expect((await get('/favicon.ico')).statusCode).toBe(404);
  });
});

describe('compressed portal files (issue 9 item 3)', () => {
  const getWith = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('serves the brotli file to a browser that accepts it, immutable for hashed assets', async () => {
    const response = await getWith('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(BUNDLE_JS);
  });

  it('serves gzip when brotli is not accepted, and the plain file (still varying) when nothing is', async () => {
    const gzipped = await getWith('/assets/index-abc123.js', 'gzip, br;q=0');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(BUNDLE_JS);

    const plain = await getWith('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(BUNDLE_JS);
  });

  it('serves a small file without compressed variants as it is', async () => {
    const response = await getWith('/assets/app-123.js', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('console.log(1)');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('compresses index.html on every portal route, never cached without revalidation', async () => {
    for (const url of ['/', '/es/wealth/clients', '/en/auth/login?redirect=%2Fme']) {
      const response = await getWith(url, 'gzip, deflate, br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(INDEX_HTML);
    }
  });

  it('never lets a cache keep /config.json', async () => {
    const response = await getWith('/config.json', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for a missing asset in any encoding', async () => {
    expect((await getWith('/assets/missing-1.js', 'br, gzip')).statusCode).toBe(404);
  });
});

describe('first-screen preloads (issue 9 item 4)', () => {
  it("sends the client list's chunks and its language's catalogue parts with index.html on that path", async () => {
    const response = await get('/en/wealth/clients?page=2');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers.link).toContain('</assets/signed-in-abc.js>; rel=modulepreload');
    expect(response.headers.link).toContain('</assets/wealth-section-en2.js>; rel=modulepreload');
    expect(response.headers.link).toContain(
      '</assets/signed-in-abc.css>; rel=preload; as=style; crossorigin',
    );
  });

  it('sends none with index.html on other portal routes', async () => {
    const response = await get('/es/summary');
    expect(response.statusCode).toBe(200);
    expect(response.headers.link).toBeUndefined();
  });
});
