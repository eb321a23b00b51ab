import { AppointmentStatus, PaymentStatus } from '../../../schemas/codes';
import type { TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { withoutCareActor } from '../../lib/care-actor';
import { notify } from '../messages/index';
import { creditWallet } from '../wallet/index';
import { referralHash } from './referral';

/**
 * Refer and earn (spec sections 1, 9): when an invited person's first paid consultation is
 * completed, both wallets receive the tenant's reward (tenant.json referral.inviterReward /
 * inviteeReward), once. Called by whatever completes an appointment (care workspace, operator
 * command), inside that transaction.
 */

export type ReferralRefusal = 'self_invite' | 'phone_already_rewarded' | 'device_already_rewarded';

export type ReferralRewardOutcome =
  | {
      outcome: 'rewarded';
      referralId: number;
      inviterId: number | null;
      inviteeId: number;
      inviterReward: number;
      inviteeReward: number;
    }
  | { outcome: 'refused'; referralId: number; reason: ReferralRefusal }
  /** Nothing to do: not a paid completed consultation, no pending invitation, or no wallet reward. */
  | { outcome: 'none' };

interface ReferralRow {
  referral_id: string;
  inviter_id: number | null;
  invitee_id: number;
  invitee_phone_hash: string | null;
  invitee_device_hash: string | null;
}

const UNIQUE_VIOLATION = '23505';

/**
 * Pays the referral reward of the appointment's user if this completion earns it: the appointment
 * is Completed with money paid (payment Completed and price after discounts > 0), its user was
 * invited and not yet rewarded or refused, the tenant has the wallet feature and a reward. Refused
 * (recorded with the reason, never paid) when the invitee's sign-up device is one the inviter uses
 * (self-invite), or their phone or device already earned a reward in this tenant.
 */
export async function rewardReferralOnCompletion(
  sql: Sql,
  tenant: TenantConfig,
  input: { appointmentId: number; now: Date },
): Promise<ReferralRewardOutcome> {
  return withoutCareActor(sql, async () => {
    const { rows: appts } = await sql.query<{
      user_id: number;
      status: number;
      payment_status: number;
      paid: number;
    }>(
      `SELECT user_id, status, payment_status, (final_price + wallet_amount)::int AS paid
         FROM appointments WHERE appointment_id = $1`,
      [input.appointmentId],
    );
    const a = appts[0];
    if (!a || a.status !== AppointmentStatus.Completed) return { outcome: 'none' };
    if (a.payment_status !== PaymentStatus.Completed || a.paid <= 0) return { outcome: 'none' };
    const inviterReward = tenant.features.wallet ? tenant.referral.inviterReward : 0;
    const inviteeReward = tenant.features.wallet ? tenant.referral.inviteeReward : 0;
    if (inviterReward <= 0 && inviteeReward <= 0) return { outcome: 'none' };

    const { rows } = await sql.query<ReferralRow>(
      `SELECT referral_id, inviter_id, invitee_id, invitee_phone_hash, invitee_device_hash
         FROM referrals WHERE invitee_id = $1 AND state = 'invited' FOR UPDATE`,
      [a.user_id],
    );
    const r = rows[0];
    if (!r) return { outcome: 'none' };
    const referralId = Number(r.referral_id);

    // Phone and device: those of the sign-up, else the account's phone now and its first device.
    const { rows: who } = await sql.query<{ phone: string | null; device: string | null }>(
      `SELECT u.phone_code || u.mobile_number AS phone,
              (SELECT d.device_key FROM login_devices d WHERE d.user_id = u.user_id
                ORDER BY d.created_at, d.device_id LIMIT 1) AS device
         FROM users u WHERE u.user_id = $1`,
      [r.invitee_id],
    );
    const phoneHash = r.invitee_phone_hash ?? referralHash(tenant.code, who[0]?.phone);
    const deviceHash = r.invitee_device_hash ?? referralHash(tenant.code, who[0]?.device);

    const refuse = async (reason: ReferralRefusal): Promise<ReferralRewardOutcome> => {
      await sql.query(
        `UPDATE referrals SET state = 'refused', refused_reason = $2, decided_at = $3, appointment_id = $4,
                invitee_phone_hash = $5, invitee_device_hash = $6
          WHERE referral_id = $1`,
        [referralId, reason, input.now, input.appointmentId, phoneHash, deviceHash],
      );
      return { outcome: 'refused', referralId, reason };
    };

    if (r.inviter_id !== null && deviceHash !== null) {
      const { rows: devices } = await sql.query<{ device_key: string }>(
        'SELECT device_key FROM login_devices WHERE user_id = $1',
        [r.inviter_id],
      );
      if (devices.some((d) => referralHash(tenant.code, d.device_key) === deviceHash))
        return refuse('self_invite');
    }
    const { rows: earlier } = await sql.query<{ phone: boolean; device: boolean }>(
      `SELECT bool_or(invitee_phone_hash = $1) AS phone, bool_or(invitee_device_hash = $2) AS device
         FROM referrals WHERE state = 'rewarded' AND referral_id <> $3`,
      [phoneHash, deviceHash, referralId],
    );
    if (earlier[0]?.phone) return refuse('phone_already_rewarded');
    if (earlier[0]?.device) return refuse('device_already_rewarded');

    // The partial unique indexes decide between two invitees of one phone or device rewarded at once.
    await sql.query('SAVEPOINT referral_reward');
    try {
      await sql.query(
        `UPDATE referrals SET state = 'rewarded', decided_at = $2, appointment_id = $3, inviter_reward = $4,
                invitee_reward = $5, invitee_phone_hash = $6, invitee_device_hash = $7
          WHERE referral_id = $1`,
        [
          referralId,
          input.now,
          input.appointmentId,
          r.inviter_id === null ? 0 : inviterReward,
          inviteeReward,
          phoneHash,
          deviceHash,
        ],
      );
    } catch (error) {
      const e = error as { code?: string; constraint?: string; message?: string };
      if (e.code !== UNIQUE_VIOLATION) throw error;
      await sql.query('ROLLBACK TO SAVEPOINT referral_reward');
      const what = `${e.constraint ?? ''} ${e.message ?? ''}`;
      return refuse(what.includes('phone') ? 'phone_already_rewarded' : 'device_already_rewarded');
    }
    await sql.query('RELEASE SAVEPOINT referral_reward');

    const paid: { userId: number; amount: number; side: 'inviter' | 'invitee' }[] = [];
    if (r.inviter_id !== null) paid.push({ userId: r.inviter_id, amount: inviterReward, side: 'inviter' });
    paid.push({ userId: r.invitee_id, amount: inviteeReward, side: 'invitee' });
    for (const p of paid) {
      if (p.amount <= 0) continue;
      await creditWallet(sql, 'referral', {
        userId: p.userId,
        amount: p.amount,
        description: 'referral_reward',
      });
      await notify(sql, tenant, {
        event: 'referral-rewarded',
        userId: p.userId,
        key: `referral-rewarded:${referralId}:${p.side}`,
        values: { amount: p.amount, path: '/me/wallet-history' },
        notificationValues: { referralId, side: p.side },
        now: input.now,
      });
    }
    return {
      outcome: 'rewarded',
      referralId,
      inviterId: r.inviter_id,
      inviteeId: r.invitee_id,
      inviterReward: r.inviter_id === null ? 0 : inviterReward,
      inviteeReward,
    };
  });
}
