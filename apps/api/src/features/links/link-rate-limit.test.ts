import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { links } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { publicCall } from '../connections/connections-fixtures';
import { signInTenant } from '../wealth/wealth-fixtures';
import { hostedPageLanguage } from './hosted-link-page';
import { createLinkFor, startSession } from './links-fixtures';

/** The budget of session starts per visitor address and company in 10 minutes (link-session.ts). */
const LIMIT = 120;

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'caudal-links-limit-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Caudal</title>');
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const page = (url: string, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress: ip });

/** A fresh address per test: the counters live in the database the file's tests share. */
const newIp = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;

/** Starts `count` sessions from `ip`; the statuses, in order. */
async function hammer(token: string, ip: string, count: number) {
  const answers = [];
  for (let i = 0; i < count; i++) answers.push(await startSession(t, token, ip));
  return answers;
}

describe('the hosted Link limit, per visitor address and company', () => {
  it("lets company B's customers in while company A's Link is hammered from the same address", async () => {
    const companyA = await signInTenant(t);
    const companyB = await signInTenant(t);
    const linkA = await createLinkFor(companyA);
    const linkB = await createLinkFor(companyB);
    const sharedIp = newIp();

    const answers = await hammer(linkA.token, sharedIp, 150);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
    expect(statuses.slice(LIMIT)).toEqual(Array(150 - LIMIT).fill(429));
    const refused = answers[LIMIT];
    expect(refused?.json().error.code).toBe('RateLimited');
    // Seconds until the window frees: the whole window, since the test clock stands still.
    expect(refused?.headers['retry-after']).toBe('600');

    // The attack: company B's Link, from the same NAT / Wi-Fi / kiosk, still opens and starts.
    const pageB = await page(`/es/link/${linkB.token}`, sharedIp);
    expect(pageB.statusCode).toBe(200);
    expect(pageB.body).toContain('<title>Caudal</title>');
    const startB = await startSession(t, linkB.token, sharedIp);
    expect(startB.statusCode).toBe(200);
    expect(links.startLinkSession.response.parse(startB.json()).company_name).toBe(companyB.company.name);

    // Another Link of company A counts on the same budget; another address has its own.
    const otherLinkA = await createLinkFor(companyA);
    expect((await startSession(t, otherLinkA.token, sharedIp)).statusCode).toBe(429);
    expect((await startSession(t, linkA.token, newIp())).statusCode).toBe(200);

    // The window frees: Retry-After counts down, and after it the Link starts again.
    t.clock.advanceMinutes(4);
    expect((await startSession(t, linkA.token, sharedIp)).headers['retry-after']).toBe('360');
    t.clock.advanceMinutes(6);
    expect((await startSession(t, linkA.token, sharedIp)).statusCode).toBe(200);
  });

  it('does not count page views against the session starts', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    const ip = newIp();
    for (let i = 0; i < LIMIT + 10; i++) {
      expect((await page(`/link/${link.token}`, ip)).statusCode).toBe(200);
    }
    expect((await startSession(t, link.token, ip)).statusCode).toBe(200);
  });

  it('limits tokens that name no Link per address, without touching real Links', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    const ip = newIp();
    const probe = () =>
      publicCall(t, links.startLinkSession.path, { token: randomBytes(18).toString('base64url') }, ip);
    for (let i = 0; i < LIMIT; i++) expect((await probe()).statusCode).toBe(404);
    const refused = await probe();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await startSession(t, link.token, ip)).statusCode).toBe(200);
  });
});

describe('the hosted Link page once the visitor spent the budget', () => {
  it('is a page of its own: 429, Retry-After, HTML in the visitor language, fit for a phone', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    const ip = newIp();
    await hammer(link.token, ip, LIMIT);
    t.clock.advanceSeconds(30);

    const spanish = await page(`/es/link/${link.token}`, ip, { 'accept-language': 'en-GB,en;q=0.9' });
    expect(spanish.statusCode).toBe(429);
    expect(spanish.headers['retry-after']).toBe('570');
    expect(spanish.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(spanish.headers['content-language']).toBe('es');
    expect(spanish.headers['cache-control']).toBe('no-store');
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(spanish.body).toContain('Demasiados intentos');
    expect(spanish.body).toContain('Vuelve a intentarlo dentro de 10 minutos.');
    expect(spanish.body).toContain(`href="/es/link/${link.token}"`);
    expect(spanish.body).not.toContain('RateLimited');
    // The page's own CSP still applies (no script on it; its styles are inline, which pages allow).
    expect(String(spanish.headers['content-security-policy'])).toContain("script-src 'self'");

    const english = await page(`/en/link/${link.token}`, ip);
    expect(english.statusCode).toBe(429);
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('Try again in 10 minutes.');

    // No prefix: as the portal picks it, the cookie, then the browser's languages, then Spanish.
    const browser = await page(`/link/${link.token}`, ip, { 'accept-language': 'en-GB,en;q=0.9,es;q=0.8' });
    expect(browser.headers['content-language']).toBe('en');
    expect(browser.headers.vary).toContain('accept-language');
    expect(browser.body).toContain(`href="/link/${link.token}"`);
    const cookie = await page(`/link/${link.token}`, ip, {
      cookie: 'other=1; caudal_locale=es',
      'accept-language': 'en',
    });
    expect(cookie.headers['content-language']).toBe('es');

    // One minute left: singular.
    t.clock.advanceSeconds(9 * 60 - 10);
    const lastMinute = await page(`/es/link/${link.token}`, ip);
    expect(lastMinute.headers['retry-after']).toBe('40');
    expect(lastMinute.body).toContain('dentro de 1 minuto.');

    // The window over, the portal's page again.
    t.clock.advanceSeconds(40);
    expect((await page(`/es/link/${link.token}`, ip)).statusCode).toBe(200);
  });

  it('keeps a deleted Link a 404 whatever the budget', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    const ip = newIp();
    await hammer(link.token, ip, LIMIT);
    await tenant.call(links.deleteLink.path, { token: link.token });
    expect((await page(`/es/link/${link.token}`, ip)).statusCode).toBe(404);
  });
});

describe('the hosted page language', () => {
  it('follows the path, then the cookie, then the browser, then Spanish', () => {
    expect(hostedPageLanguage('en', { cookie: 'caudal_locale=es', 'accept-language': 'es' })).toBe('en');
    expect(hostedPageLanguage(null, { cookie: 'caudal_locale=en', 'accept-language': 'es' })).toBe('en');
    expect(
      hostedPageLanguage(null, { cookie: 'caudal_locale=xx', 'accept-language': 'fr, en-US;q=0.5' }),
    ).toBe('en');
    expect(hostedPageLanguage(null, { 'accept-language': 'fr-FR' })).toBe('es');
    expect(hostedPageLanguage(null, {})).toBe('es');
  });
});
