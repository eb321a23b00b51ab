import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { caller, createUser, DEVICE_A, PASSWORD } from '../accounts/test-support';
import { setAccountsNow as setNow } from '../accounts/index';
import { setBookingNow } from '../appointments/index';
import {
  addAppointment,
  asOwner,
  createCatalogue,
  createPatientUser,
  type Catalogue,
  type TestUser,
} from '../appointments/care-fixtures';
import { rewardReferralOnCompletion } from './index';

/**
 * Refer and earn (spec sections 1, 2 invitedby, 7 ManageReferrals, 9): the caller's code and link,
 * registration with it, and the reward of both wallets once the invited person's first paid
 * consultation is completed (through the care workspace, in its transaction): once, never for a
 * self-invite, never twice for one phone or device, and never without the wallet feature.
 */
const NOW = new Date('2026-03-18T05:00:00Z');
const TENANT = 'songkhoe';
const DEVICE_INVITEE = '33333333-3333-4333-8333-333333333333';
const DEVICE_SELF = '44444444-4444-4444-8444-444444444444';

let t: TestApp;
let cat: Catalogue;
let inviter: TestUser;
let doctorToken: string;
let slot = 0;
const api = (tenant = TENANT) => caller(t.app, tenant, 'en');

beforeAll(async () => {
  t = await createTestApp();
  setBookingNow(NOW);
  cat = await createCatalogue(t.db, TENANT, 1);
  inviter = await createPatientUser(t.app, t.db, TENANT, 'inviter@referral.test', 'Người mời');
  await createUser(t.db, TENANT, {
    email: 'doctor@referral.test',
    extra: { role: 'doctor', doctor_id: cat.doctorIds[0] },
  });
  doctorToken = (await api().post('Auth/Login', { userName: 'doctor@referral.test', password: PASSWORD }))
    .json.data.token;
});
afterAll(async () => {
  setBookingNow(null);
  await t?.close();
});

const referral = async (who: { token: string }, query = '') =>
  api().get(`ManageReferrals/GetCurrentManageReferral${query}`, { token: who.token });

/** Registers through the API with a referralId, verifies the code and returns the new account. */
async function register(
  emailPhone: string,
  referralId: string | number | undefined,
  device: string,
  tenant = TENANT,
): Promise<{ userId: number; token: string; patientId: number }> {
  const c = api(tenant);
  const res = await c.post(
    'Users/CreateUserWithOTP',
    {
      emailPhone,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      ...(referralId === undefined ? {} : { referralId }),
    },
    { device },
  );
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const { userId } = res.json.data;
  const otp = await c.lastCode(emailPhone.includes('@') ? emailPhone : `+84${emailPhone.replace(/^0/, '')}`);
  const verified = await c.post('Users/VerifyCreateUserWithOTP', { otp, userId }, { device });
  expect(verified.status, JSON.stringify(verified.json)).toBe(200);
  const patientId = await asOwner(t.db, tenant, async (sql) => {
    const { rows } = await sql.query<{ patient_id: number }>(
      `INSERT INTO patients (user_id, is_self, full_name, gender, date_of_birth) VALUES ($1, true, 'Người được mời', 'F', '1992-02-02')
       RETURNING patient_id`,
      [userId],
    );
    return rows[0]!.patient_id;
  });
  return { userId, token: verified.json.data.token, patientId };
}

/** Books a cash hospital visit for the user and completes it through the care workspace. */
async function completeVisit(user: { userId: number; patientId: number }, price = 350_000) {
  slot += 1;
  const day = String(18 + Math.floor(slot / 8)).padStart(2, '0');
  const startsAt = new Date(`2026-03-${day}T${String(8 + (slot % 8)).padStart(2, '0')}:00:00+07:00`);
  const id = await addAppointment(t.db, TENANT, user, {
    doctorId: cat.doctorIds[0]!,
    hospitalId: cat.hospitalId,
    startsAt,
    price,
  });
  const res = await api().post(
    `Care/Appointments/${id}/Complete`,
    { diagnosis: 'Viêm họng', note: 'Khám xong', prescription: [] },
    { token: doctorToken },
  );
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return id;
}

const wallet = async (userId: number) =>
  asOwner(t.db, TENANT, async (sql) => {
    const { rows } = await sql.query<{ amount: number; kind: string; description: string }>(
      'SELECT amount, kind, description FROM wallet_transactions WHERE user_id = $1 ORDER BY wallet_transaction_id',
      [userId],
    );
    return rows;
  });
const referralRow = async (inviteeId: number) =>
  asOwner(t.db, TENANT, async (sql) => {
    const { rows } = await sql.query<{ state: string; refused_reason: string | null; inviter_id: number }>(
      'SELECT state, refused_reason, inviter_id FROM referrals WHERE invitee_id = $1',
      [inviteeId],
    );
    return rows[0] ?? null;
  });

describe('ManageReferrals', () => {
  it("answers the caller's stable code and link only; another userId is 404", async () => {
    const first = await api().get('ManageReferrals/GetReferralUrl?deviceType=0', { token: inviter.token });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const { referralCode, referralUrl, userId } = first.json.data;
    expect(referralCode).toMatch(/^[2-9A-HJKMNP-Z]{7}$/);
    expect(referralUrl).toBe(`http://127.0.0.1:8080/?invitedby=${referralCode}`);
    expect(userId).toBe(String(inviter.userId));
    const again = await api().get(`ManageReferrals/GetReferralUrl?userId=${inviter.userId}`, {
      token: inviter.token,
    });
    expect(again.json.data.referralCode).toBe(referralCode);
    const summary = await referral(inviter);
    expect(summary.json.data).toMatchObject({
      referralCode,
      invitedCount: 0,
      rewardedCount: 0,
      rewardsEarned: 0,
      walletReward: true,
      inviterReward: 50_000,
      inviteeReward: 50_000,
    });
    const other = await createPatientUser(t.app, t.db, TENANT, 'other@referral.test');
    for (const path of ['GetReferralUrl', 'GetCurrentManageReferral']) {
      const r = await api().get(`ManageReferrals/${path}?userId=${other.userId}`, { token: inviter.token });
      expect(r.status).toBe(404);
      expect(r.json.codeMessageRespond).toBe('referral_not_found');
    }
    expect((await api().get('ManageReferrals/GetReferralUrl')).status).toBe(401);
    // Another tenant's token is refused by the portal.
    const foreign = await createPatientUser(t.app, t.db, 'songhong', 'foreign@referral.test');
    expect((await api().get('ManageReferrals/GetReferralUrl', { token: foreign.token })).status).toBe(401);
  });
});

describe('the referral reward', () => {
  it('pays both wallets once when the invitee completes a first paid consultation, with a message to each', async () => {
    const { referralCode } = (await referral(inviter)).json.data;
    const invitee = await register('0912000001', referralCode, DEVICE_INVITEE);
    expect(await referralRow(invitee.userId)).toEqual({
      state: 'invited',
      refused_reason: null,
      inviter_id: inviter.userId,
    });
    expect((await referral(inviter)).json.data).toMatchObject({ invitedCount: 1, rewardedCount: 0 });

    // A free consultation earns nothing.
    await completeVisit(invitee, 0);
    expect(await wallet(invitee.userId)).toEqual([]);

    await completeVisit(invitee);
    const entry = { amount: 50_000, kind: 'referral', description: 'referral_reward' };
    expect(await wallet(inviter.userId)).toEqual([entry]);
    expect(await wallet(invitee.userId)).toEqual([entry]);
    expect((await referralRow(invitee.userId))?.state).toBe('rewarded');
    expect((await referral(inviter)).json.data).toMatchObject({
      invitedCount: 1,
      rewardedCount: 1,
      rewardsEarned: 50_000,
    });
    const history = await api().get('WalletHistories/GetAllWalletHistories', { token: invitee.token });
    expect(history.json.data.walletHistories[0]).toMatchObject({
      kind: 'referral',
      description: 'referral_reward',
      amount: 50_000,
    });
    for (const who of [inviter, invitee]) {
      const notes = await api().get('Notifications/GetAllNotifications', { token: who.token });
      expect(JSON.stringify(notes.json.data)).toContain('ReferralRewarded');
    }

    // A second paid consultation, and the hook run again on the same one: nothing more.
    const second = await completeVisit(invitee);
    const again = await asOwner(t.db, TENANT, (sql) =>
      rewardReferralOnCompletion(sql, t.registry.byCode.get(TENANT)!.config, {
        appointmentId: second,
        now: NOW,
      }),
    );
    expect(again).toEqual({ outcome: 'none' });
    expect(await wallet(inviter.userId)).toHaveLength(1);
    expect(await wallet(invitee.userId)).toHaveLength(1);
  });

  it("the spec's numeric referralId (the inviter's user id) works too; an unknown inviter is ignored", async () => {
    const byId = await register('byid@referral.test', inviter.userId, '55555555-5555-4555-8555-555555555555');
    expect((await referralRow(byId.userId))?.inviter_id).toBe(inviter.userId);
    const unknown = await register(
      'unknown@referral.test',
      'ZZZZZZZ',
      '66666666-6666-4666-8666-666666666666',
    );
    expect(await referralRow(unknown.userId)).toBeNull();
    const bad = await api().post('Users/CreateUserWithOTP', {
      emailPhone: 'bad@referral.test',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      referralId: 'no spaces!',
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toContain('invalid_referral');
  });

  it("another tenant's code records nothing", async () => {
    const { referralCode } = (await referral(inviter)).json.data;
    const elsewhere = await register('elsewhere@referral.test', referralCode, DEVICE_A, 'songhong');
    const row = await asOwner(
      t.db,
      'songhong',
      async (sql) =>
        (await sql.query('SELECT 1 FROM referrals WHERE invitee_id = $1', [elsewhere.userId])).rows,
    );
    expect(row).toEqual([]);
  });

  it('refuses a self-invite (the invitee signs up on a device the inviter uses)', async () => {
    const { referralCode } = (await referral(inviter)).json.data;
    // The inviter uses this device (a row of their login devices, as sign-in leaves it).
    await asOwner(t.db, TENANT, (sql) =>
      sql.query(
        `INSERT INTO login_devices (user_id, device_key, trusted, created_at, last_used_at) VALUES ($1, $2, true, $3, $3)`,
        [inviter.userId, DEVICE_SELF, NOW],
      ),
    );
    const before = (await wallet(inviter.userId)).length;
    const self = await register('self@referral.test', referralCode, DEVICE_SELF);
    await completeVisit(self);
    expect(await referralRow(self.userId)).toMatchObject({ state: 'refused', refused_reason: 'self_invite' });
    expect(await wallet(self.userId)).toEqual([]);
    expect(await wallet(inviter.userId)).toHaveLength(before);
  });

  it('never rewards one device or one phone twice', async () => {
    const { referralCode } = (await referral(inviter)).json.data;
    // Same device as the rewarded invitee of the first test.
    const sameDevice = await register('samedevice@referral.test', referralCode, DEVICE_INVITEE);
    await completeVisit(sameDevice);
    expect(await referralRow(sameDevice.userId)).toMatchObject({
      state: 'refused',
      refused_reason: 'device_already_rewarded',
    });
    // The rewarded invitee changes number; a new account with the old number is not rewarded.
    await asOwner(t.db, TENANT, (sql) =>
      sql.query(`UPDATE users SET mobile_number = '912999999' WHERE mobile_number = '912000001'`),
    );
    // A new code to the number may be sent a minute after the last one (accounts' clock).
    setNow(new Date(Date.now() + 120_000));
    const samePhone = await register(
      '0912000001',
      referralCode,
      '77777777-7777-4777-8777-777777777777',
    ).finally(() => setNow(null));
    await completeVisit(samePhone);
    expect(await referralRow(samePhone.userId)).toMatchObject({
      state: 'refused',
      refused_reason: 'phone_already_rewarded',
    });
    expect(await wallet(samePhone.userId)).toEqual([]);
    expect(await wallet(sameDevice.userId)).toEqual([]);
  });

  it('pays nothing and promises nothing on a tenant without the wallet feature', async () => {
    const config = t.registry.byCode.get(TENANT)!.config;
    const { referralCode } = (await referral(inviter)).json.data;
    const invitee = await register(
      'nowallet@referral.test',
      referralCode,
      '88888888-8888-4888-8888-888888888888',
    );
    const features = config.features;
    config.features = { ...features, wallet: false };
    try {
      expect((await referral(inviter)).json.data).toMatchObject({
        walletReward: false,
        inviterReward: 0,
        inviteeReward: 0,
      });
      const before = (await wallet(inviter.userId)).length;
      await completeVisit(invitee);
      expect(await wallet(invitee.userId)).toEqual([]);
      expect(await wallet(inviter.userId)).toHaveLength(before);
      expect((await referralRow(invitee.userId))?.state).toBe('invited');
    } finally {
      config.features = features;
    }
  });
});
