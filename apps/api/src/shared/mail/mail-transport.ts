import nodemailer from 'nodemailer';
import type { Logger } from '../logger';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
}

export interface MailTransport {
  /**
   * No SMTP server is set up: `send` only writes the mail to the log and nobody receives it, so the
   * sender records it as not sent (and keeps its text for the operator) instead of sent.
   */
  readonly isLogOnly?: boolean;
  send(message: MailMessage): Promise<void>;
}

/** SMTP when configured; otherwise the mail is written to the log (the documented dev set-up). */
export function createMailTransport(smtpUrl: string | null, log: Logger): MailTransport {
  if (!smtpUrl) return createLogTransport(log);
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
  };
}

export function createLogTransport(log: Logger): MailTransport {
  return {
    isLogOnly: true,
    async send(message) {
      // Deliberately the one place a reset link is logged: without SMTP this is how it is delivered.
      log.info(
        { mail: { to: message.to, subject: message.subject } },
        `SMTP_URL is not set, so this mail was not sent. Its text follows:\n${message.text}`,
      );
    },
  };
}
