import type { StoredUser } from '../../lib/user-storage';
import type { LoginData, Reply } from './api';

/** What a login reply asks the dialog to do next (spec sections 4 and 8). */
export type LoginOutcome =
  | { kind: 'signed-in'; user: StoredUser }
  /** Second factor by email or authenticator app: POST /Auth/VerifyOTPTwo2NF. */
  | { kind: 'two-factor'; tokenTwo2NFLogin: string; two2NFType: number; message: string | null }
  /** Sign-in from an unknown device: a code went to the email or phone (VerifyOTPReliableDevice). */
  | { kind: 'strange-device'; message: string | null }
  /** The account was never activated: a verification step with resend. */
  | { kind: 'not-active'; userId: number | string | null; messageKey: string }
  /** The password must be replaced (Auth/ChangePasswordNew), then the login is repeated. */
  | { kind: 'pass-new' }
  /** A failure to show; `offerForgot` links to the forgot-password flow (AccountLocked). */
  | { kind: 'failed'; messageKey: string | null; message: string | null; offerForgot: boolean };

/** Failure codes whose message is a key of the translation table (spec section 8). */
const CODE_KEYS: Record<string, string> = {
  UserNameOrPasswordFail: 'incorrect_account',
  AccountLockedByAdmin: 'account_locked',
};

const USER_FIELDS = [
  'userId',
  'token',
  'refreshToken',
  'fullName',
  'phoneCode',
  'mobileNumber',
  'email',
  'cookie',
  'listHealthProgram',
  'userCallDiriectProgramId',
  'role',
] as const satisfies readonly (keyof StoredUser)[];

/** Keeps the fields of spec section 3 that make up the stored user. */
export function storedUserOf(data: LoginData): StoredUser {
  const user: Record<string, unknown> = {};
  for (const field of USER_FIELDS) if (data[field] !== undefined) user[field] = data[field];
  return user as unknown as StoredUser;
}

/**
 * The login state machine's transition: a token without a second-factor token signs in; a
 * second-factor token, LoginStrangeDevice, AccountNotActive/IsActiveFail or PassNew open their
 * step; anything else fails with its mapped message (AccountLocked keeps the server's message
 * and offers the forgot-password flow).
 */
export function loginOutcome(reply: Reply<LoginData> | null | undefined): LoginOutcome {
  const code = reply?.codeMessageRespond ?? null;
  const data = reply?.data ?? null;
  const message = reply?.message ?? null;
  if (data?.tokenTwo2NFLogin)
    return {
      kind: 'two-factor',
      tokenTwo2NFLogin: data.tokenTwo2NFLogin,
      two2NFType: data.two2NFType ?? 0,
      message,
    };
  if (data?.token && data.userId) return { kind: 'signed-in', user: storedUserOf(data) };
  switch (code) {
    case 'LoginStrangeDevice':
      return { kind: 'strange-device', message };
    case 'AccountNotActive':
    case 'IsActiveFail':
      return { kind: 'not-active', userId: data?.userId ?? null, messageKey: 'warning_verify_account' };
    case 'PassNew':
      return { kind: 'pass-new' };
    case 'AccountLocked':
      return { kind: 'failed', messageKey: null, message, offerForgot: true };
  }
  return { kind: 'failed', messageKey: (code && CODE_KEYS[code]) ?? null, message, offerForgot: false };
}
