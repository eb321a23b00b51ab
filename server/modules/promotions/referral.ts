import { createHash, randomBytes } from 'node:crypto';
import type { Sql } from '../../db/database';

/**
 * Referral codes and invitations (spec sections 2 "invitedby", 3 "Referral code", 7
 * ManageReferrals). Migration 036: referral_codes, referrals. Inside the caller's tenant
 * transaction.
 */

const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 7;

function newCode(): string {
  let out = '';
  for (const b of randomBytes(CODE_LENGTH)) out += CODE_ALPHABET[b % CODE_ALPHABET.length];
  return out;
}

/**
 * The user's referral code, made on first use (stable afterwards). A code taken by someone else
 * (unique per tenant) is redrawn.
 */
export async function referralCodeOf(sql: Sql, userId: number): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const { rows } = await sql.query<{ code: string }>('SELECT code FROM referral_codes WHERE user_id = $1', [
      userId,
    ]);
    if (rows[0]) return rows[0].code;
    await sql.query('INSERT INTO referral_codes (user_id, code) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      userId,
      newCode(),
    ]);
  }
  throw new Error('referral code: no free code after 8 draws');
}

/**
 * A phone number or device id as kept in referrals: SHA-256 of the tenant and the value, so the
 * table answers "has this phone or device earned a reward" without holding the numbers.
 */
export function referralHash(tenant: string, value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  return createHash('sha256').update(`referral:${tenant}:${v}`).digest('hex');
}

/** The inviter a registration names: a user id (the spec's number) or a referral code. */
export async function resolveInviter(sql: Sql, invitedBy: number | string): Promise<number | null> {
  if (typeof invitedBy === 'number' || /^\d{1,9}$/.test(invitedBy)) {
    const { rows } = await sql.query<{ user_id: number }>(
      `SELECT user_id FROM users WHERE user_id = $1 AND status = 'active' AND role = 'patient'`,
      [Number(invitedBy)],
    );
    return rows[0]?.user_id ?? null;
  }
  const { rows } = await sql.query<{ user_id: number }>(
    `SELECT c.user_id FROM referral_codes c JOIN users u ON u.user_id = c.user_id
      WHERE c.code = $1 AND u.status = 'active'`,
    [invitedBy.trim().toUpperCase()],
  );
  return rows[0]?.user_id ?? null;
}

export interface InvitationInput {
  tenant: string;
  inviteeId: number;
  /** The registration's referralId: the inviter's user id or referral code. */
  invitedBy: number | string;
  /** The invitee's phone ('+84901234567') when they register by phone. */
  phone: string | null;
  /** The `unique` header of the registering device. */
  deviceKey: string | null;
  now: Date;
}

/**
 * Records who invited whom at registration (in the registration's transaction): nothing when the
 * inviter is unknown or inactive. Sets users.referral_id to the inviter.
 * @returns the inviter's user id, or null when nothing was recorded
 */
export async function recordInvitation(sql: Sql, input: InvitationInput): Promise<number | null> {
  const inviterId = await resolveInviter(sql, input.invitedBy);
  if (inviterId === null || inviterId === input.inviteeId) return null;
  await sql.query(
    `INSERT INTO referrals (inviter_id, invitee_id, invitee_phone_hash, invitee_device_hash, created_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
    [
      inviterId,
      input.inviteeId,
      referralHash(input.tenant, input.phone),
      referralHash(input.tenant, input.deviceKey),
      input.now,
    ],
  );
  await sql.query('UPDATE users SET referral_id = $2 WHERE user_id = $1', [input.inviteeId, inviterId]);
  return inviterId;
}

/** How many people the user invited, how many earned the reward, and what the user earned (VND). */
export async function referralStats(
  sql: Sql,
  inviterId: number,
): Promise<{ invitedCount: number; rewardedCount: number; rewardsEarned: number }> {
  const { rows } = await sql.query<{ invited: number; rewarded: number; earned: number }>(
    `SELECT count(*)::int AS invited,
            (count(*) FILTER (WHERE state = 'rewarded'))::int AS rewarded,
            coalesce(sum(inviter_reward) FILTER (WHERE state = 'rewarded'), 0)::int AS earned
       FROM referrals WHERE inviter_id = $1`,
    [inviterId],
  );
  const r = rows[0]!;
  return { invitedCount: r.invited, rewardedCount: r.rewarded, rewardsEarned: r.earned };
}
