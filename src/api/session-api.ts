import { baseApi } from '../lib/api';

/**
 * The session calls used outside the auth feature: signing out from the account menu, and
 * after deleting the account (POST /Auth/Logout revokes this device's refresh tokens).
 */
export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    logout: build.mutation<unknown, void>({
      query: () => ({ url: 'Auth/Logout', method: 'POST', body: {} }),
      // Signing out never shows an error: the stored user is cleared whatever the server says.
      extraOptions: { silent: true },
    }),
  }),
});

export const { useLogoutMutation } = sessionApi;
