import type { Sql } from '../../db/database';

/** An email or SMS on its way to a person. `code` is a one-time code the message carries, if any. */
export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  code?: string | null;
}

/**
 * Records a message in the tenant's outbox. Outside production this is its only destination
 * (read at /api/v1/dev/outbox); production delivery adapters (SMTP, SMS gateway) read the same
 * row, so what a developer sees is what a patient would get.
 */
export async function recordMessage(sql: Sql, message: OutgoingMessage): Promise<number> {
  const { rows } = await sql.query<{ message_id: number }>(
    `INSERT INTO outbox_messages (channel, recipient, subject, body, code)
     VALUES ($1, $2, $3, $4, $5) RETURNING message_id`,
    [
      message.channel,
      normalizeRecipient(message.recipient),
      message.subject,
      message.body,
      message.code ?? null,
    ],
  );
  return Number(rows[0]!.message_id);
}

/** Emails lower-cased; phone numbers reduced to digits (and a leading +). */
export function normalizeRecipient(recipient: string): string {
  const trimmed = recipient.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed.replace(/[^\d+]/g, '');
}
