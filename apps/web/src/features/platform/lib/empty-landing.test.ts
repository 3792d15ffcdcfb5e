import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, showLanguage } from '../../../shared/i18n/i18n';
import { emptyLandingReason } from './empty-landing';

describe('emptyLandingReason', () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n('es');
  });

  it('blames the company only when it has no module', () => {
    expect(emptyLandingReason({ modules: [], permissions: [] })).toBe('noModules');
  });

  it('tells a user without permissions in a company with modules to ask an admin, in both languages', async () => {
    expect(emptyLandingReason({ modules: ['wealth'], permissions: [] })).toBe('noPermissions');
    await showLanguage('es');
    expect(i18n.t('shell.status.noPermissions')).toMatch(/administrador de tu compañía/);
    expect(i18n.t('shell.status.noPermissions')).not.toMatch(/soporte|módulo/);
    await showLanguage('en');
    expect(i18n.t('shell.status.noPermissions')).toMatch(/admin of your company/);
    expect(i18n.t('shell.status.noPermissionsTitle')).not.toBe(i18n.t('shell.status.noModulesTitle'));
    await showLanguage('es');
  });
});
