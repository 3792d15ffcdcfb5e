import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'caudal-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Caudal</title>');
  writeFileSync(join(webRoot, 'assets', 'app-123.js'), 'console.log(1)');
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
