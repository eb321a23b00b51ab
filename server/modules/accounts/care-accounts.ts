import { randomBytes } from 'node:crypto';
import type { Sql } from '../../db/database';
import { sendMessage, type Delivery } from '../../services/delivery/index';
import { hashSecret } from './crypto';
import { registerAccountMessages } from './messages';

/** What a care account acts for (spec section 6 roles with a workspace). */
export type CareTarget = { role: 'doctor'; doctorId: number } | { role: 'hospital'; hospitalId: number };

export interface CareAccountInput {
  target: CareTarget;
  email: string;
  fullName: string;
  /** An argon2id hash to sign in with; by default a random secret nobody knows (set by forgot password). */
  passwordHash?: string;
  now: Date;
}

export type CareAccountOutcome =
  { outcome: 'created' | 'attached'; userId: number } | { outcome: 'taken'; userId: number };

/**
 * Creates the care account of an approved doctor or hospital in the transaction's tenant (owner
 * transactions name the tenant explicitly: a superuser owner bypasses RLS). An existing patient
 * account with the same email becomes the care account (the person keeps their patient data); an
 * account already acting for another doctor or hospital is left alone ('taken').
 */
export async function createCareAccount(sql: Sql, input: CareAccountInput): Promise<CareAccountOutcome> {
  const email = input.email.trim().toLowerCase();
  const doctorId = input.target.role === 'doctor' ? input.target.doctorId : null;
  const hospitalId = input.target.role === 'hospital' ? input.target.hospitalId : null;
  const { rows: existing } = await sql.query<{ user_id: number; role: string }>(
    `SELECT user_id, role FROM users WHERE email = $1 AND status <> 'deleted' AND tenant_id = current_tenant() FOR UPDATE`,
    [email],
  );
  const found = existing[0];
  if (found && found.role !== 'patient') return { outcome: 'taken', userId: found.user_id };
  if (found) {
    await sql.query(
      `UPDATE users SET role = $2, doctor_id = $3, hospital_id = $4 WHERE user_id = $1 AND tenant_id = current_tenant()`,
      [found.user_id, input.target.role, doctorId, hospitalId],
    );
    return { outcome: 'attached', userId: found.user_id };
  }
  const hash = input.passwordHash ?? (await hashSecret(randomBytes(32).toString('base64url')));
  const { rows } = await sql.query<{ user_id: number }>(
    `INSERT INTO users (email, full_name, password_hash, status, role, doctor_id, hospital_id, created_at)
     VALUES ($1, $2, $3, 'active', $4, $5, $6, $7) RETURNING user_id`,
    [email, input.fullName.normalize('NFC'), hash, input.target.role, doctorId, hospitalId, input.now],
  );
  return { outcome: 'created', userId: rows[0]!.user_id };
}

/**
 * The sign-in invitation of a new care account, by email through the delivery service (outbox,
 * and SMTP in production): the sign-in name and how to set a password (forgot password proves
 * the address, so no password ever travels by email).
 */
export async function sendCareInvitation(
  sql: Sql,
  delivery: Delivery,
  input: { email: string; lang: 'vi' | 'en'; brand: string; portalUrl: string },
): Promise<void> {
  registerAccountMessages();
  await sendMessage(sql, delivery, {
    channel: 'email',
    to: input.email.trim().toLowerCase(),
    kind: 'care-invitation',
    lang: input.lang,
    brand: input.brand,
    values: { login: input.email.trim().toLowerCase(), url: `${input.portalUrl.replace(/\/$/, '')}/care` },
  });
}
