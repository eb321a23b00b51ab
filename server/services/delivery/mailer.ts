import nodemailer, { type Transporter } from 'nodemailer';

/** Sends one email (the plain form the sign-in codes use). */
export interface EmailSender {
  send(to: string, subject: string, text: string, from: string): Promise<void>;
}

/** A whole email of the message pipeline: brand sender, both bodies, a fixed Message-ID. */
export interface OutgoingEmail {
  from: { name: string; address: string };
  to: string;
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html?: string | undefined;
  /**
   * '<...@domain>', derived from the delivery row: a retry after a crash sends the same id, so
   * mail systems that drop a repeated Message-ID show it once.
   */
  messageId: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string> | undefined;
}

export interface MailSender {
  sendMail(mail: OutgoingEmail): Promise<{ messageId: string }>;
  /** Closes pooled connections (a short-lived process ends at once instead of at their timeout). */
  close?(): void;
}

/** DKIM signing of outgoing mail (RFC 6376), from DKIM_DOMAIN / DKIM_SELECTOR / DKIM_PRIVATE_KEY. */
export interface DkimOptions {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/**
 * An SMTP sender over nodemailer from SMTP_URL (smtp[s]://user:pass@host:port), signing with DKIM
 * when given. Pooled: a few connections kept open and reused (an SMTP session per message costs
 * several round trips); a send still ends within the timeouts below, well inside the dispatcher's
 * lease.
 */
export function smtpMailer(url: string, dkim?: DkimOptions): EmailSender & MailSender {
  let transport: Transporter | null = null;
  const open = () =>
    (transport ??= nodemailer.createTransport({
      url,
      pool: true,
      maxConnections: 5,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
      ...(dkim ? { dkim } : {}),
    }));
  return {
    async send(to, subject, text, from) {
      await open().sendMail({ to, subject, text, from });
    },
    async sendMail(mail) {
      const info = (await open().sendMail({
        from: { name: mail.from.name, address: mail.from.address },
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: mail.headers,
      })) as { messageId?: string };
      return { messageId: info.messageId ?? mail.messageId };
    },
    close() {
      transport?.close();
      transport = null;
    },
  };
}
