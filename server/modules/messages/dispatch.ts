import { createHash } from 'node:crypto';
import type { Database } from '../../db/database';
import { PermanentSmsError } from '../../services/delivery/index';
import { attemptRecorder, type EndedAttempt } from './attempt-recorder';
import type { Tenant } from '../../tenancy/registry';
import type { MessageChannels } from './channels';
import { claimDue, finishDelivery, type ClaimedDelivery } from './deliveries';
import { MESSAGE_EVENTS } from './events';
import { unsubscribeToken } from './preferences';
import { messageBrand, renderMessage } from './render';
import { pageLink } from './view-model';

/** After this many attempts a delivery is `failed` (the operator sees it). */
export const MAX_ATTEMPTS = 6;
/** Wait before attempt n+1: 30 s, 1, 2, 4, 8 minutes... (at most an hour). */
export const retryDelayMs = (attempts: number) =>
  Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
/**
 * How long a claimed delivery belongs to its dispatcher. Longer than any one send can take (SMTP
 * and the gateways time out well before), so only a dispatcher that died leaves one to expire.
 */
export const LEASE_MS = 5 * 60_000;

export interface MessageDispatchOptions {
  now?: Date;
  batch?: number;
  maxAttempts?: number;
  leaseMs?: number;
  /** Sends in flight at once (each on its own connection). */
  concurrency?: number;
}

export interface MessageDispatchReport {
  sent: number;
  retrying: number;
  failed: number;
  cancelled: number;
}

/** A failure no retry changes: the delivery fails at once. */
class PermanentFailure extends Error {}
/** Nothing to send it with (no push service in this process): the delivery is cancelled. */
class NoChannel extends Error {}

/**
 * Sends a batch of the tenant's due deliveries: claims them (a short transaction, SKIP LOCKED),
 * sends each outside any transaction, then records each result with its outbox record, results
 * that end while others are being written gathered into one transaction (attempt-recorder.ts). Exactly once: two dispatchers never claim the same row; a
 * dispatcher killed mid-send leaves its rows 'sending' until the lease ends, and the retry carries
 * the same provider key (email Message-ID, eSMS RequestId, push tag), so the provider drops the
 * repeat. What is left: an SMTP server that accepted the message just before the crash gets it
 * again (same Message-ID; mailbox providers that deduplicate by it show one).
 */
export async function dispatchDueMessages(
  db: Database,
  tenant: Tenant,
  channels: MessageChannels,
  options: MessageDispatchOptions = {},
): Promise<MessageDispatchReport> {
  const now = options.now ?? new Date();
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const report: MessageDispatchReport = { sent: 0, retrying: 0, failed: 0, cancelled: 0 };
  const code = tenant.config.code;
  const claimed = await db.tenant(code, async (sql) => {
    const rows = await claimDue(sql, now, options.batch ?? 100, options.leaseMs ?? LEASE_MS);
    // An account deleted since the event hears nothing more.
    const userIds = [...new Set(rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])))];
    const { rows: gone } = userIds.length
      ? await sql.query<{ user_id: number }>(
          `SELECT user_id FROM users WHERE user_id = ANY($1::int[]) AND status = 'deleted'`,
          [userIds],
        )
      : { rows: [] };
    const deleted = new Set(gone.map((g) => Number(g.user_id)));
    // Non-essential email carries its unsubscribe link: the user's token, read while claiming.
    const tokens = new Map<number, string>();
    for (const row of rows) {
      if (row.channel === 'email' && row.user_id !== null && isOptional(row) && !tokens.has(row.user_id))
        tokens.set(row.user_id, await unsubscribeToken(sql, row.user_id));
    }
    for (const row of rows.filter((r) => r.user_id !== null && deleted.has(r.user_id))) {
      await finishDelivery(sql, Number(row.delivery_id), row.attempts, {
        state: 'cancelled',
        error: 'account deleted',
        at: now,
      });
      report.cancelled += 1;
    }
    return { rows: rows.filter((r) => r.user_id === null || !deleted.has(r.user_id)), tokens };
  });

  const queue = [...claimed.rows];
  const recorder = attemptRecorder(db, code);
  const recordings: Promise<boolean>[] = [];
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      const { outcome, attempt } = await deliverOne(
        db,
        tenant,
        channels,
        row,
        claimed.tokens,
        now,
        maxAttempts,
      );
      const recording = recorder.record(attempt);
      // Awaited below with the others; handled here so a failure waits for them, not the process.
      recording.catch(() => undefined);
      recordings.push(recording);
      report[outcome] += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  await Promise.all(recordings);
  return report;
}

const isOptional = (row: ClaimedDelivery) => row.category === 'reminder' || row.category === 'marketing';

async function deliverOne(
  db: Database,
  tenant: Tenant,
  channels: MessageChannels,
  row: ClaimedDelivery,
  tokens: Map<number, string>,
  now: Date,
  maxAttempts: number,
): Promise<{ outcome: keyof MessageDispatchReport; attempt: EndedAttempt }> {
  const id = Number(row.delivery_id);
  const code = tenant.config.code;
  const token = row.user_id !== null ? tokens.get(row.user_id) : undefined;
  const unsubscribeUrl =
    row.channel === 'email' && token && isOptional(row)
      ? `${pageLink(tenant.config, '/api/v1/Notifications/Unsubscribe')}?token=${token}&category=${row.category}`
      : null;
  let outbox: { subject: string; body: string } | null = null;
  let providerRef: string | null = null;
  try {
    if (!(row.event in MESSAGE_EVENTS)) throw new PermanentFailure(`unknown event ${row.event}`);
    const sms = row.channel === 'sms' ? channels.sms(tenant) : null;
    const message = renderMessage(tenant, row.event, row.lang, row.payload, {
      unsubscribeUrl,
      smsUnicode: sms?.unicode ?? false,
      now: row.created_at,
    });
    if (row.channel === 'email') {
      outbox = { subject: message.subject, body: message.text };
      if (channels.mail) {
        const brand = messageBrand(tenant, row.lang);
        const from = brand.fromAddress ?? channels.fromAddress;
        const sent = await channels.mail.sendMail({
          from: { name: brand.senderName, address: from },
          to: row.recipient,
          // Staff answer a contact-us message by replying to it.
          replyTo: row.payload.contact?.email || brand.replyTo || undefined,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: messageIdOf(code, row, from),
          headers: unsubscribeUrl
            ? {
                'List-Unsubscribe': `<${unsubscribeUrl}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              }
            : undefined,
        });
        providerRef = sent.messageId;
      } else if (channels.production) throw new Error('email: SMTP_URL is not set');
    } else if (row.channel === 'sms') {
      outbox = { subject: '', body: message.sms };
      if (sms) {
        const sent = await sms.send(row.recipient, message.sms, { requestId: `${code}-${id}` });
        providerRef = (sent && sent.ref) ?? null;
      } else if (channels.production) throw new Error('sms: no gateway configured for this tenant');
    } else {
      if (!channels.push || row.user_id === null) throw new NoChannel('push: no push service');
      await db.tenant(code, (sql) =>
        channels.push!.send(sql, tenant, row.user_id!, {
          title: message.title,
          body: message.body,
          url: row.payload.path ?? '/me/notification-list/',
          tag: row.dedup_key,
          type: MESSAGE_EVENTS[row.event].type ?? row.event,
          ...(row.notification_id ? { notificationId: Number(row.notification_id) } : {}),
        }),
      );
      providerRef = row.dedup_key;
    }
  } catch (error) {
    const reason = `${row.channel}: ${error instanceof Error ? error.message : String(error)}`;
    const permanent = error instanceof PermanentFailure || error instanceof PermanentSmsError;
    const state =
      error instanceof NoChannel
        ? 'cancelled'
        : permanent || row.attempts >= maxAttempts
          ? 'failed'
          : 'pending';
    return {
      outcome: state === 'pending' ? 'retrying' : state,
      attempt: {
        deliveryId: id,
        attempt: row.attempts,
        result:
          state === 'pending'
            ? { state, error: reason, retryAt: new Date(now.getTime() + retryDelayMs(row.attempts)), at: now }
            : { state, error: reason, at: now },
        outbox: null,
      },
    };
  }
  return {
    outcome: 'sent',
    attempt: {
      deliveryId: id,
      attempt: row.attempts,
      result: { state: 'sent', providerRef, at: now },
      outbox:
        outbox && row.channel !== 'push'
          ? { channel: row.channel, recipient: row.recipient, ...outbox }
          : null,
    },
  };
}

/** The delivery's own Message-ID: the same on every attempt, unique per tenant and delivery. */
function messageIdOf(tenant: string, row: ClaimedDelivery, from: string): string {
  const domain = from.split('@')[1] ?? 'localhost';
  const digest = createHash('sha256').update(`${tenant}:${row.dedup_key}`).digest('hex').slice(0, 16);
  return `<${tenant}.${row.delivery_id}.${digest}@${domain}>`;
}
