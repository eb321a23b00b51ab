import type { LoginData as ServerLoginData } from '../../../schemas/accounts';
import { baseApi } from '../../lib/api';
import type { Reply } from '../../lib/reply';

/** POST /Auth/Login body (spec section 3). deviceType: Web 0. */
export interface LoginRequest {
  userName: string;
  password: string;
  deviceType: 0;
  deviceTokenWeb: string;
  countryId?: number;
}

/** A login-like reply's data (schemas/accounts.ts); `cookie` is the stored user's device id. */
export type LoginData = Partial<ServerLoginData> & { cookie?: string | null };

export type { Reply };

// Auth calls are made before there is a session (no bearer) and show their own messages.
const open = { skipAuth: true, silent: true } as const;
const post =
  <B>(url: string) =>
  (body: B) => ({ url, method: 'POST', body });

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<Reply<LoginData>, LoginRequest>({ query: post('Auth/Login'), extraOptions: open }),
    loginWithOtp: build.mutation<
      Reply<LoginData>,
      { userName: string; otp: string; countryId?: number; deviceType: 0; deviceTokenWeb: string }
    >({ query: post('Auth/LoginWithOTP'), extraOptions: open }),
    requestOtp: build.mutation<
      Reply<{ userId?: number | string } | null>,
      { username: string; countryId?: number; otpType: number }
    >({ query: post('Auth/RequestOTP'), extraOptions: open }),
    verifyOtp: build.mutation<Reply, { otp: string; otpType: number; username: string; countryId?: number }>({
      query: post('Auth/VerifyOTP'),
      extraOptions: open,
    }),
    changePassword: build.mutation<
      Reply,
      {
        otp: string;
        otpType: number;
        username: string;
        password: string;
        passwordConfirm: string;
        countryId?: number;
      }
    >({ query: post('Auth/ChangePassword'), extraOptions: open }),
    changePasswordNew: build.mutation<
      Reply<LoginData>,
      {
        UserName: string;
        Password: string;
        currentPassword: string;
        countryId?: number;
        deviceType: 0;
        deviceTokenWeb: string;
      }
    >({
      query: post('Auth/ChangePasswordNew'),
      extraOptions: open,
    }),
    verifyTwoFactor: build.mutation<
      Reply<LoginData>,
      { two2NFType: number; otp: string; tokenTwo2NFLogin: string }
    >({ query: post('Auth/VerifyOTPTwo2NF'), extraOptions: open }),
    verifyReliableDevice: build.mutation<
      Reply<LoginData>,
      { userName: string; otp: string; deviceToken: string; countryId?: number }
    >({ query: post('Auth/VerifyOTPReliableDevice'), extraOptions: open }),
    createUser: build.mutation<
      Reply<{ userId: number | string }>,
      {
        emailPhone: string;
        password: string;
        passwordConfirm: string;
        referralId?: number | string;
        countryId?: number;
      }
    >({ query: post('Users/CreateUserWithOTP'), extraOptions: open }),
    verifyCreateUser: build.mutation<Reply<LoginData>, { otp: string; userId: number | string }>({
      query: post('Users/VerifyCreateUserWithOTP'),
      extraOptions: open,
    }),
    resendCreateUser: build.mutation<Reply, { emailPhone: string; userId: number | string }>({
      query: post('Users/ResendCreateUserWithOTP'),
      extraOptions: open,
    }),
  }),
});

export const {
  useLoginMutation,
  useLoginWithOtpMutation,
  useRequestOtpMutation,
  useVerifyOtpMutation,
  useChangePasswordMutation,
  useChangePasswordNewMutation,
  useVerifyTwoFactorMutation,
  useVerifyReliableDeviceMutation,
  useCreateUserMutation,
  useVerifyCreateUserMutation,
  useResendCreateUserMutation,
} = authApi;
