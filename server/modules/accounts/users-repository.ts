import type { Sql } from '../../db/database';
import type { LoginAddress } from './login-name';

/** A row of `users` as the module reads it. */
export interface UserRow {
  user_id: number;
  email: string | null;
  country_id: number | null;
  phone_code: string | null;
  mobile_number: string | null;
  full_name: string;
  gender: string | null;
  date_of_birth: string | null;
  password_hash: string;
  status: 'pending' | 'active' | 'deleted';
  must_change_password: boolean;
  locked_by_admin: boolean;
  locked_at: Date | null;
  failed_logins: number;
  first_failed_at: Date | null;
  two_factor_type: number;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number;
  pin_hash: string | null;
  pin_sealed: string | null;
  warning_type: number;
  referral_id: number | null;
  devices_trusted_since: Date | null;
  /** spec section 6 role; doctor and hospital accounts work in /care (migration 020). */
  role: 'patient' | 'doctor' | 'hospital';
  /** The membership package the account's direct calls use now (the login reply's userCallDiriectProgramId). */
  call_program_id: number | null;
  /** The health programs the account belongs to (the login reply's listHealthProgram), both names. */
  health_programs: { id: number; vi: string; en: string }[];
}

const COLUMNS = `user_id, email, country_id, phone_code, mobile_number, full_name, gender,
  to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth, password_hash, status, must_change_password,
  locked_by_admin, locked_at, failed_logins, first_failed_at, two_factor_type, totp_secret,
  totp_pending_secret, totp_last_step::float8 AS totp_last_step, pin_hash, pin_sealed, warning_type, referral_id, devices_trusted_since, role,
  (SELECT up.membership_package_id FROM user_packages up
    WHERE up.user_id = users.user_id AND up.membership_package_id IS NOT NULL AND up.expires_at > now()
    ORDER BY up.expires_at LIMIT 1) AS call_program_id,
  (SELECT coalesce(json_agg(json_build_object('id', hp.health_program_id, 'vi', hp.name_vi, 'en', hp.name_en)
                            ORDER BY uhp.joined_at, hp.health_program_id), '[]'::json)
     FROM user_health_programs uhp JOIN health_programs hp USING (health_program_id)
    WHERE uhp.user_id = users.user_id) AS health_programs`;

/** The account (of the transaction's tenant) with this email or phone, if any. */
export async function findUserByAddress(sql: Sql, login: LoginAddress): Promise<UserRow | null> {
  const { rows } =
    login.kind === 'email'
      ? await sql.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE email = $1`, [login.email])
      : await sql.query<UserRow>(
          `SELECT ${COLUMNS} FROM users WHERE phone_code = $1 AND mobile_number = $2`,
          [login.phoneCode, login.mobileNumber],
        );
  return rows[0] ?? null;
}

/** The account with this id in the transaction's tenant, if any. */
export async function findUserById(sql: Sql, userId: number): Promise<UserRow | null> {
  const { rows } = await sql.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE user_id = $1`, [userId]);
  return rows[0] ?? null;
}

/** Sets columns of one account (names are fixed by callers, values are parameters). */
export async function updateUser(sql: Sql, userId: number, fields: Record<string, unknown>): Promise<void> {
  const names = Object.keys(fields);
  if (!names.length) return;
  const sets = names.map((name, i) => `${name} = $${i + 2}`).join(', ');
  await sql.query(`UPDATE users SET ${sets} WHERE user_id = $1`, [userId, ...Object.values(fields)]);
}

/** The email (preferred) or phone number a code for this account goes to. */
export function primaryAddress(user: UserRow): { channel: 'email' | 'sms'; address: string } {
  return user.email
    ? { channel: 'email', address: user.email }
    : { channel: 'sms', address: `${user.phone_code}${user.mobile_number}` };
}
