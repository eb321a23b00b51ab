import nodemailer, { type Transporter } from 'nodemailer';

/** Sends one email. */
export interface EmailSender {
  send(to: string, subject: string, text: string, from: string): Promise<void>;
}

/** An SMTP sender over nodemailer from SMTP_URL (smtp[s]://user:pass@host:port). */
export function smtpMailer(url: string): EmailSender {
  let transport: Transporter | null = null;
  return {
    async send(to, subject, text, from) {
      transport ??= nodemailer.createTransport(url);
      await transport.sendMail({ to, subject, text, from });
    },
  };
}
