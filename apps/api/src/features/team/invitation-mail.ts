import type { LocaleCode } from '@caudal/contract';

interface InvitationMailFacts {
  link: string;
  name: string | null;
  username: string;
  companyName: string;
  platformName: string;
  hours: number;
}

const TEXTS: Record<LocaleCode, (facts: InvitationMailFacts) => { subject: string; text: string }> = {
  es: (facts) => ({
    subject: `${facts.platformName}: te han invitado a ${facts.companyName}`,
    text: [
      `Hola${facts.name ? ` ${facts.name}` : ''}:`,
      '',
      `Te han invitado a ${facts.platformName} como usuario "${facts.username}" de la compañía "${facts.companyName}".`,
      `Para elegir tu contraseña y entrar abre este enlace (caduca en ${facts.hours} horas y solo se puede usar una vez):`,
      '',
      facts.link,
      '',
      'Si no esperabas esta invitación, ignora este correo.',
    ].join('\n'),
  }),
  en: (facts) => ({
    subject: `${facts.platformName}: you are invited to ${facts.companyName}`,
    text: [
      `Hello${facts.name ? ` ${facts.name}` : ''},`,
      '',
      `You have been invited to ${facts.platformName} as user "${facts.username}" of company "${facts.companyName}".`,
      `To choose your password and sign in open this link (it expires in ${facts.hours} hours and works only once):`,
      '',
      facts.link,
      '',
      'If you did not expect this invitation, ignore this mail.',
    ].join('\n'),
  }),
};

export function composeInvitationMail(language: LocaleCode, facts: InvitationMailFacts) {
  return TEXTS[language](facts);
}
