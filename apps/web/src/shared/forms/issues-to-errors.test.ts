import { auth, zPasswordPair } from '@caudal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, translateDynamic } from '../i18n/i18n';
import { issuesToFormErrors, schemaValidator } from './issues-to-errors';

describe('zod issues → translated form errors', () => {
  beforeAll(async () => {
    await initI18n('es');
  });

  it('translates the issue key with its params (single-brace placeholders)', () => {
    const validate = schemaValidator(auth.ZLoginRequest, translateDynamic);
    expect(validate({ username: 'x'.repeat(65), company: '   ', password: '' })).toEqual({
      username: 'Demasiado largo. Puede tener como máximo 64 caracteres',
      company: 'Este campo no puede estar en blanco',
      password: 'Este campo es requerido',
    });
  });

  it('puts the confirmation error on its own field', () => {
    const validate = schemaValidator(zPasswordPair(), translateDynamic);
    expect(validate({ password: 'Abcdefg1', confirmPassword: 'Abcdefg2' })).toEqual({
      confirmPassword: 'Las contraseñas no coinciden',
    });
    expect(validate({ password: 'abc', confirmPassword: 'abc' }).password).toMatch(/al menos 8 caracteres/);
    expect(validate({ password: 'Abcdefg1', confirmPassword: 'Abcdefg1' })).toEqual({});
  });

  it('maps server issues the same way, first issue per field wins, in the current language', async () => {
    await i18n.changeLanguage('en');
    const errors = issuesToFormErrors(
      [
        { path: ['name'], message: 'validation.invalidCharacter', params: { character: '<' } },
        { path: ['name'], message: 'validation.required' },
        { path: ['items', 0, 'alias'], message: 'validation.minLength', params: { n: 2 } },
      ],
      translateDynamic,
    );
    expect(errors).toEqual({
      name: 'Invalid character “<”',
      'items.0.alias': expect.stringContaining('2'),
    });
    await i18n.changeLanguage('es');
  });

  it('leaves unknown keys readable rather than blank', () => {
    expect(issuesToFormErrors([{ path: ['x'], message: 'Something odd' }], translateDynamic)).toEqual({
      x: 'Something odd',
    });
  });

  it('names a character that cannot be seen, in each language (issue 22: a space in a username)', async () => {
    const issue = (character: string) => [
      { path: ['username'], message: 'validation.invalidCharacter', params: { character } },
    ];
    expect(issuesToFormErrors(issue(' '), translateDynamic).username).toBe('Carácter inválido «espacio»');
    expect(issuesToFormErrors(issue('\u200b'), translateDynamic).username).toBe(
      'Carácter inválido «carácter invisible U+200B»',
    );
    expect(issuesToFormErrors(issue('ñ'), translateDynamic).username).toBe('Carácter inválido «ñ»');
    await i18n.changeLanguage('en');
    expect(issuesToFormErrors(issue(' '), translateDynamic).username).toBe('Invalid character “space”');
    expect(issuesToFormErrors(issue('\t'), translateDynamic).username).toBe('Invalid character “tab”');
    await i18n.changeLanguage('es');
  });
});
