import type { LocaleCode } from '@caudal/contract';

export interface ConsentMailFacts {
  link: string;
  companyName: string;
  institutionName: string;
  /** When the consent ends (already formatted in the mail's language). */
  expiresOn: string;
  /** Whole days left; 0 once it ended. */
  daysLeft: number;
  /** How long the link works, in days. */
  linkDays: number;
}

/** `renewal`: staff sent it; `reminder`: the scheduled scan, N days before the end. */
export type ConsentMailKind = 'renewal' | 'reminder';

const TEXTS: Record<
  LocaleCode,
  (kind: ConsentMailKind, facts: ConsentMailFacts) => { subject: string; text: string }
> = {
  es: (kind, facts) => ({
    subject:
      kind === 'reminder'
        ? `${facts.companyName}: tu autorización con ${facts.institutionName} caduca en ${facts.daysLeft} ${facts.daysLeft === 1 ? 'día' : 'días'}`
        : `${facts.companyName}: renueva tu autorización con ${facts.institutionName}`,
    text: [
      'Hola:',
      '',
      facts.daysLeft > 0
        ? `La autorización que diste a ${facts.companyName} para consultar tus cuentas de ${facts.institutionName} caduca el ${facts.expiresOn}.`
        : `La autorización que diste a ${facts.companyName} para consultar tus cuentas de ${facts.institutionName} caducó el ${facts.expiresOn}.`,
      'Para que sigan recibiendo tus datos, renuévala con el código que te envíe tu entidad. Abre este enlace',
      `(caduca en ${facts.linkDays} días y solo se puede usar una vez):`,
      '',
      facts.link,
      '',
      'Si no reconoces esta solicitud, ignora este correo: sin tu código no se renueva nada.',
    ].join('\n'),
  }),
  en: (kind, facts) => ({
    subject:
      kind === 'reminder'
        ? `${facts.companyName}: your authorisation with ${facts.institutionName} expires in ${facts.daysLeft} ${facts.daysLeft === 1 ? 'day' : 'days'}`
        : `${facts.companyName}: renew your authorisation with ${facts.institutionName}`,
    text: [
      'Hello,',
      '',
      facts.daysLeft > 0
        ? `The authorisation you gave ${facts.companyName} to read your accounts at ${facts.institutionName} expires on ${facts.expiresOn}.`
        : `The authorisation you gave ${facts.companyName} to read your accounts at ${facts.institutionName} expired on ${facts.expiresOn}.`,
      'So that they keep receiving your data, renew it with the code your bank sends you. Open this link',
      `(it expires in ${facts.linkDays} days and works only once):`,
      '',
      facts.link,
      '',
      'If you do not recognise this request, ignore this mail: nothing is renewed without your code.',
    ].join('\n'),
  }),
};

export function composeConsentMail(language: LocaleCode, kind: ConsentMailKind, facts: ConsentMailFacts) {
  return TEXTS[language](kind, facts);
}

/** The end date as the holder reads it: "26 de mayo de 2030" / "26 May 2030" (UTC, like the data). */
export function formatConsentDate(language: LocaleCode, date: Date): string {
  return new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
