/**
 * The mail an endpoint paused for failing sends to its company's admins, in both languages (the
 * portal's default first): which application and URL, why, and where to resume it.
 */
export function composePausedMail(input: {
  platformName: string;
  applicationName: string;
  url: string;
  days: number;
}) {
  return {
    subject: `${input.platformName}: webhook endpoint paused / endpoint de webhooks pausado`,
    text: [
      `El endpoint de webhooks ${input.url} de la aplicación «${input.applicationName}» ha fallado durante ${input.days} días y se ha pausado. ` +
        'Corrige el receptor y reanúdalo en Aplicaciones > Webhooks; puedes reenviar las entregas fallidas desde su registro.',
      '',
      `The webhook endpoint ${input.url} of the application “${input.applicationName}” has failed for ${input.days} days and was paused. ` +
        'Fix the receiver and resume it under Applications > Webhooks; failed deliveries can be replayed from its log.',
    ].join('\n'),
  };
}
