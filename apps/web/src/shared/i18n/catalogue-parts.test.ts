import { beforeAll, describe, expect, it } from 'vitest';
import { addCatalogueParts, i18n, initI18n, showLanguage } from './i18n';

describe('catalogue parts', () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n('es');
    await showLanguage('es');
  });

  it('start with the core part only, and add a part before its screen renders', async () => {
    expect(i18n.t('shell.nav.clients')).toBe('Clientes');
    expect(i18n.exists('portals.list.title')).toBe(false);
    await addCatalogueParts(['portals']);
    expect(i18n.t('portals.list.title')).toBe('Usuarios de portal');
  });

  it('load every part a screen has needed when the language changes, also back to one shown before', async () => {
    await showLanguage('en');
    await showLanguage('es');
    await addCatalogueParts(['applications']);
    await showLanguage('en');
    expect(i18n.t('shell.nav.clients')).toBe('Clients');
    expect(i18n.t('applications.list.title')).toBe('Applications');
    await addCatalogueParts(['links']);
    await showLanguage('es');
    expect(i18n.t('applications.list.title')).toBe('Aplicaciones');
    expect(i18n.t('links.list.title')).toBe('Links');
  });
});
