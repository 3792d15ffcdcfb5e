import { describe, expect, it } from 'vitest';
import { emailLocalPart, generatePerson, isValidDni } from './identity';
import { createRandom } from './random';

describe('identity', () => {
  it('validates DNIs by their mod-23 letter', () => {
    expect(isValidDni('12345678Z')).toBe(true);
    expect(isValidDni('00000000T')).toBe(true);
    expect(isValidDni('12345678A')).toBe(false);
    expect(isValidDni('1234567Z')).toBe(false);
  });

  it('generates valid DNIs and emails at reserved domains only', () => {
    for (let i = 0; i < 300; i++) {
      const person = generatePerson(createRandom(`person-${i}`));
      expect(isValidDni(person.document)).toBe(true);
      expect(person.email).toMatch(/^[a-z0-9.]+@(example\.(com|org|net)|correo\.test)$/);
      expect(person.name.split(' ')).toHaveLength(3);
    }
  });

  it('keeps a given name and strips accents for the email', () => {
    const person = generatePerson(createRandom('x'), 'Begoña Muñoz Álvarez');
    expect(person.name).toBe('Begoña Muñoz Álvarez');
    expect(emailLocalPart('Begoña Muñoz Álvarez')).toBe('begona.munoz.alvarez');
    expect(person.email).not.toMatch(/[ñáé]/);
  });
});
