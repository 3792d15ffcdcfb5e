import type { Random } from './random';

/**
 * Fictitious Spanish account holders. Names come from common first names and surnames so
 * they read naturally; emails only ever use reserved example domains (RFC 2606) so a
 * sandbox can never mail a real person.
 */

const FIRST_NAMES = (
  'Antonio José Manuel Francisco David Juan Javier Daniel Carlos Alejandro Miguel Rafael Pablo Sergio ' +
  'Fernando Jorge Alberto Luis Álvaro Diego María Carmen Ana Isabel Laura Cristina Marta Lucía Elena Pilar ' +
  'Raquel Paula Sara Beatriz Rocío Nuria Silvia Patricia Inés Begoña'
).split(' ');

const SURNAMES = (
  'García Rodríguez González Fernández López Martínez Sánchez Pérez Gómez Martín Jiménez Ruiz Hernández ' +
  'Díaz Moreno Muñoz Álvarez Romero Alonso Gutiérrez Navarro Torres Domínguez Vázquez Ramos Gil Ramírez ' +
  'Serrano Blanco Molina Morales Suárez Ortega Delgado Castro Ortiz Rubio Marín Sanz Iglesias Echeverría ' +
  'Goikoetxea Puig Ferrer Castells'
).split(' ');

const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net', 'correo.test'] as const;

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

export interface Person {
  name: string;
  firstName: string;
  document: string;
  email: string;
}

export function dniLetter(digits: number): string {
  return DNI_LETTERS[digits % 23] as string;
}

/** A DNI: eight digits and the mod-23 control letter. NIEs and CIFs are out of scope. */
export function isValidDni(dni: string): boolean {
  const match = /^(\d{8})([A-Z])$/.exec(dni.toUpperCase());
  if (!match) return false;
  return dniLetter(Number(match[1])) === match[2];
}

export function generateDni(random: Random): string {
  // Below 10,000,000 DNIs are rare for living adults; above 80,000,000 barely issued yet.
  const digits = random.int(10_000_000, 79_999_999);
  return `${String(digits).padStart(8, '0')}${dniLetter(digits)}`;
}

/** Lower case ASCII: strips accents (á → a, ñ → n) and anything not a letter or digit. */
export function emailLocalPart(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '');
}

export function emailFor(name: string, random: Random): string {
  const words = emailLocalPart(name).split('.').filter(Boolean);
  const [first = 'cliente', second = '', third = ''] = words;
  const local = random.pick([
    `${first}.${second}`,
    `${first}.${second}.${third}`,
    `${first[0] ?? 'c'}${second}`,
    `${first}${second}${random.int(1, 99)}`,
  ]);
  return `${local.replace(/\.+$/, '')}@${random.pick(EMAIL_DOMAINS)}`;
}

/**
 * A holder; when a name is given (the demo seed names its clients) it is kept and only the
 * document and email are generated, so the same client looks the same across banks.
 */
export function generatePerson(random: Random, givenName?: string): Person {
  const name =
    givenName?.trim() || `${random.pick(FIRST_NAMES)} ${random.pick(SURNAMES)} ${random.pick(SURNAMES)}`;
  const firstName = name.split(/\s+/)[0] ?? name;
  return {
    name,
    firstName,
    document: generateDni(random.fork('dni')),
    email: emailFor(name, random.fork('email')),
  };
}

/** A short name for Bizum and transfer descriptions: "Laura M." */
export function randomContactName(random: Random): string {
  return `${random.pick(FIRST_NAMES)} ${random.pick(SURNAMES).charAt(0)}.`;
}
