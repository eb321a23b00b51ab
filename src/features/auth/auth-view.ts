/** Who is signing in, carried from the login form into its follow-up steps. */
export interface LoginName {
  userName: string;
  /** Only when the login name is a phone number. */
  countryId?: number;
}

/** The views of the sign-in dialog: the entry forms and the steps a login reply can open. */
export type AuthView =
  | { name: 'login'; notice?: string }
  | { name: 'otp-login' }
  | { name: 'register'; referralId?: number | string }
  | { name: 'forgot' }
  | ({ name: 'two-factor'; tokenTwo2NFLogin: string; two2NFType: number } & LoginName)
  | ({ name: 'strange-device' } & LoginName)
  | ({ name: 'not-active'; userId: number | string | null } & LoginName)
  /** Kept in memory only: Auth/ChangePasswordNew needs the current password too. */
  | ({ name: 'pass-new'; currentPassword: string } & LoginName);

/** The dialog title of each view (keys of the "auth" namespace). */
export const VIEW_TITLE_KEYS: Record<AuthView['name'], string> = {
  login: 'auth.loginTitle',
  'otp-login': 'auth.otpLoginTitle',
  register: 'auth.registerTitle',
  forgot: 'auth.forgotTitle',
  'two-factor': 'auth.twoFactorTitle',
  'strange-device': 'auth.strangeDeviceTitle',
  'not-active': 'auth.activateTitle',
  'pass-new': 'auth.passNewTitle',
};
