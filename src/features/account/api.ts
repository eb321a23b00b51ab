import type { LoginDevice, UserProfile } from '../../../schemas/accounts';
import { baseApi, unwrap } from '../../lib/api';
import type { Reply } from '../../lib/reply';

/** A two-factor setup reply: the secret, otpauth URI and QR code, then the recovery codes once. */
export interface TwoFactorSetup {
  two2NFType: number;
  enabled: boolean;
  secret: string | null;
  otpauthUri: string | null;
  qrCode: string | null;
  recoveryCodes: string[] | null;
}

// Replies are read whole (codeMessageRespond decides what to show); the forms show their own errors.
const mine = { silent: true } as const;
const post =
  <B>(url: string) =>
  (body: B) => ({ url, method: 'POST', body });

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Profile', 'Devices'] });

/** The signed-in user's own account calls (Users/* and the code requests that need a session). */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    profile: build.query<UserProfile, number | string>({
      query: (id) => `Users/GetUser/${id}`,
      transformResponse: unwrap<UserProfile>,
      providesTags: ['Profile'],
    }),
    updateUser: build.mutation<
      Reply<UserProfile>,
      { fullName: string; gender: 'M' | 'F' | null; dateOfBirth: string | null }
    >({
      query: post('Users/UpdateUser'),
      extraOptions: mine,
      invalidatesTags: ['Profile'],
    }),
    requestCode: build.mutation<Reply, { username: string; countryId?: number; otpType: number }>({
      query: post('Auth/RequestOTP'),
      extraOptions: mine,
    }),
    changeMobile: build.mutation<
      Reply<UserProfile>,
      { countryId: number; mobileNumber: string; otp: string }
    >({
      query: post('Users/ChangeMobileNumber'),
      extraOptions: mine,
      invalidatesTags: ['Profile'],
    }),
    changeEmail: build.mutation<Reply<UserProfile>, { email: string; otp: string }>({
      query: post('Users/ChangeEmail'),
      extraOptions: mine,
      invalidatesTags: ['Profile'],
    }),
    resetPassword: build.mutation<Reply, { oldPassword: string; password: string; passwordConfirm: string }>({
      query: post('Users/resetPassword'),
      extraOptions: mine,
      invalidatesTags: ['Devices'],
    }),
    setPin: build.mutation<Reply, { pinCode: string; confirmPinCode: string; password: string }>({
      query: post('Users/setPinCode'),
      extraOptions: mine,
      invalidatesTags: ['Profile'],
    }),
    viewPin: build.mutation<Reply<{ pinCode: string }>, { otp: string }>({
      query: post('Users/ViewPinCode'),
      extraOptions: mine,
    }),
    configTwoFactor: build.mutation<
      Reply<TwoFactorSetup>,
      { two2NFType: number; password: string; otp?: string }
    >({
      query: post('Users/ConfigTwo2NFUser'),
      extraOptions: mine,
    }),
    loginDevices: build.query<LoginDevice[], void>({
      query: () => 'Users/GetLoginDevices',
      transformResponse: unwrap<LoginDevice[]>,
      providesTags: ['Devices'],
      keepUnusedDataFor: 0,
    }),
    logoutDevices: build.mutation<Reply, { ids: number[] }>({
      query: post('Users/LogoutReliableDevice'),
      extraOptions: mine,
      invalidatesTags: ['Devices'],
    }),
    configWarning: build.mutation<Reply, { warningType: 0 | 1 }>({
      query: post('Users/ConfigurationWarningType'),
      extraOptions: mine,
      invalidatesTags: ['Profile'],
    }),
    deleteAccount: build.mutation<Reply, { password: string }>({
      query: post('Users/SendDeleteAccountRequest'),
      extraOptions: mine,
    }),
  }),
});

export const {
  useProfileQuery,
  useUpdateUserMutation,
  useRequestCodeMutation,
  useChangeMobileMutation,
  useChangeEmailMutation,
  useResetPasswordMutation,
  useSetPinMutation,
  useViewPinMutation,
  useConfigTwoFactorMutation,
  useLoginDevicesQuery,
  useLogoutDevicesMutation,
  useConfigWarningMutation,
  useDeleteAccountMutation,
} = accountApi;
