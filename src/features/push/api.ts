import { baseApi, unwrap } from '../../lib/api';

/** The tenant's push provider and public keys (schemas/push.ts PushConfig). */
export type PushConfig =
  | { provider: 'webpush'; publicKey: string }
  | {
      provider: 'fcm';
      vapidKey: string;
      firebase: {
        apiKey: string;
        authDomain: string;
        projectId: string;
        messagingSenderId: string;
        appId: string;
        vapidKey: string;
      };
    }
  | { provider: 'none' };

/** Notifications/*Push* of the signed-in user (schemas/push.ts). */
export const pushApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    pushConfig: build.query<PushConfig, void>({
      query: () => ({ url: 'Notifications/GetPushConfig' }),
      transformResponse: unwrap<PushConfig>,
    }),
    registerPushSubscription: build.mutation<unknown, string>({
      query: (token) => ({ url: 'Notifications/RegisterPushSubscription', method: 'POST', body: { token } }),
    }),
  }),
});

export const { useLazyPushConfigQuery, useRegisterPushSubscriptionMutation } = pushApi;
