import type { Sql } from '../../db/database';
import { nationalNumber } from '../../lib/phone';

/** An email or SMS on its way to a person. `code` is a one-time code the message carries, if any. */
export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  code?: string | null;
}

/**
 * Records a message in the tenant's outbox (`sendMessage` does for every message it sends).
 * Outside production this is its only destination (read at /api/v1/dev/outbox); in production
 * the same subject and body go to SMTP or the SMS gateway, so what a developer sees is what a
 * patient gets.
 */
export async function recordMessage(sql: Sql, message: OutgoingMessage): Promise<number> {
  return (await recordMessages(sql, [message]))[0]!;
}

/** recordMessage for several messages, in one statement; returns their ids. */
export async function recordMessages(sql: Sql, messages: readonly OutgoingMessage[]): Promise<number[]> {
  if (messages.length === 0) return [];
  const { rows } = await sql.query<{ message_id: number }>(
    `INSERT INTO outbox_messages (channel, recipient, subject, body, code)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
     RETURNING message_id`,
    [
      messages.map((m) => m.channel),
      messages.map((m) => normalizeRecipient(m.recipient)),
      messages.map((m) => m.subject),
      messages.map((m) => m.body),
      messages.map((m) => m.code ?? null),
    ],
  );
  return rows.map((r) => Number(r.message_id));
}

/** Emails lower-cased; phone numbers reduced to digits (and a leading +). */
export function normalizeRecipient(recipient: string): string {
  const trimmed = recipient.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed.replace(/[^\d+]/g, '');
}

/**
 * The stored recipients an address a person typed may stand for. Accounts send to E.164
 * ('+84901234567'); a person types '0901 234 567' (national: the trunk 0 dropped, the default
 * country's code added, as accounts resolves a login name), '84901234567' or '901234567'.
 * @param defaultPhoneCode the phone code of DEFAULT_COUNTRY_ID ('+84')
 */
export function recipientForms(typed: string, defaultPhoneCode: string): string[] {
  const normalized = normalizeRecipient(typed);
  if (normalized.includes('@') || normalized === '') return [normalized];
  if (normalized.startsWith('+')) return [normalized, normalized.slice(1)];
  return [...new Set([normalized, `+${normalized}`, `${defaultPhoneCode}${nationalNumber(normalized)}`])];
}
