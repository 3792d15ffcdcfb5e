import type { LocaleCode } from '@caudal/contract';

interface ResetMailFacts {
  link: string;
  name: string | null;
  username: string;
  companyName: string;
  platformName: string;
}

const TEXTS: Record<LocaleCode, (facts: ResetMailFacts) => { subject: string; text: string }> = {
  es: (facts) => ({
    subject: `${facts.platformName}: restablece tu contraseña`,
    text: [
      `Hola${facts.name ? ` ${facts.name}` : ''}:`,
      '',
      `Hemos recibido una solicitud para restablecer la contraseña del usuario "${facts.username}" de la compañía "${facts.companyName}".`,
      'Para elegir una nueva contraseña abre este enlace (caduca en 30 minutos y solo se puede usar una vez):',
      '',
      facts.link,
      '',
      'Si no lo has solicitado tú, ignora este correo: tu contraseña no cambiará.',
    ].join('\n'),
  }),
  en: (facts) => ({
    subject: `${facts.platformName}: reset your password`,
    text: [
      `Hello${facts.name ? ` ${facts.name}` : ''},`,
      '',
      `We received a request to reset the password of user "${facts.username}" of company "${facts.companyName}".`,
      'To choose a new password open this link (it expires in 30 minutes and works only once):',
      '',
      facts.link,
      '',
      'If you did not ask for this, ignore this mail: your password will not change.',
    ].join('\n'),
  }),
};

export function composeResetMail(language: LocaleCode, facts: ResetMailFacts) {
  return TEXTS[language](facts);
}
