import { describe, expect, it } from 'vitest';
import {
  detectLocale,
  localeCookieHeader,
  localeFromLanguages,
  localePath,
  pathWithLocale,
  readLocaleCookie,
  stripLocale,
} from './locale';

describe('detectLocale: route prefix → cookie → browser languages → es', () => {
  it('prefers the route prefix over everything else', () => {
    expect(detectLocale({ pathname: '/en/summary', cookie: 'caudal_locale=es', languages: ['es-ES'] })).toBe(
      'en',
    );
    expect(detectLocale({ pathname: '/es', cookie: 'caudal_locale=en', languages: ['en'] })).toBe('es');
  });

  it('then the cookie', () => {
    expect(
      detectLocale({ pathname: '/wealth/clients', cookie: 'a=1; caudal_locale=en', languages: ['es'] }),
    ).toBe('en');
  });

  it('then the first supported browser language', () => {
    expect(detectLocale({ pathname: '/', cookie: '', languages: ['fr-FR', 'en-GB', 'es'] })).toBe('en');
  });

  it('defaults to Spanish', () => {
    expect(detectLocale({ pathname: '/', cookie: 'caudal_locale=de', languages: ['fr', 'de'] })).toBe('es');
  });

  it('ignores prefixes that only look like locales', () => {
    expect(detectLocale({ pathname: '/english/x', cookie: '', languages: [] })).toBe('es');
  });
});

describe('cookies and languages', () => {
  it('reads only our cookie and only valid values', () => {
    expect(readLocaleCookie('caudal_locale=en')).toBe('en');
    expect(readLocaleCookie('other=en; caudal_locale=xx')).toBeNull();
    expect(readLocaleCookie('')).toBeNull();
  });

  it('maps regional variants to their language', () => {
    expect(localeFromLanguages(['EN-us'])).toBe('en');
    expect(localeFromLanguages([])).toBeNull();
  });

  it('writes a cookie that lasts 365 days on the whole site', () => {
    expect(localeCookieHeader('en')).toBe('caudal_locale=en; Max-Age=31536000; Path=/; SameSite=Lax');
  });
});

describe('locale-prefixed paths', () => {
  it('switches the prefix and keeps the rest of the path', () => {
    expect(pathWithLocale('/es/wealth/clients/42/accounts', 'en')).toBe('/en/wealth/clients/42/accounts');
    expect(pathWithLocale('/en/sesion/resetPassword', 'es')).toBe('/es/sesion/resetPassword');
  });

  it('handles the locale root', () => {
    expect(pathWithLocale('/es', 'en')).toBe('/en/');
    expect(pathWithLocale('/es/', 'en')).toBe('/en/');
  });

  it('adds a prefix to paths without one', () => {
    expect(pathWithLocale('/wealth/clients', 'es')).toBe('/es/wealth/clients');
    expect(pathWithLocale('/', 'en')).toBe('/en/');
  });

  it('strips and builds prefixes', () => {
    expect(stripLocale('/en/me')).toBe('/me');
    expect(stripLocale('/me')).toBe('/me');
    expect(localePath('es', '/auth/login')).toBe('/es/auth/login');
    expect(localePath('en', 'health')).toBe('/en/health');
  });
});
