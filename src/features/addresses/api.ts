import type { AdminUnit, UserAddress } from '../../../schemas/patients';
import { baseApi, unwrap } from '../../lib/api';
import type { Reply } from '../../lib/reply';

/** What the address form sends (current units only: province, then one of its wards). */
export interface AddressInput {
  fullName?: string;
  phone?: string;
  addressLine: string;
  provinceCode: string;
  wardCode: string;
  isDefault?: boolean;
}

// Replies are read whole: the forms show their own errors.
const mine = { silent: true } as const;
const api = baseApi.enhanceEndpoints({ addTagTypes: ['Addresses', 'Patients'] });

/** The signed-in user's addresses and Vietnam's current administrative units. */
export const addressesApi = api.injectEndpoints({
  endpoints: (build) => ({
    userAddresses: build.query<UserAddress[], number | string>({
      query: (userId) => `Users/GetUserAddresses/${userId}`,
      transformResponse: unwrap<UserAddress[]>,
      providesTags: ['Addresses'],
    }),
    addAddress: build.mutation<Reply<UserAddress>, AddressInput>({
      query: (body) => ({ url: 'Users/AddUserAddress', method: 'POST', body }),
      extraOptions: mine,
      invalidatesTags: ['Addresses'],
    }),
    updateAddress: build.mutation<Reply<UserAddress>, AddressInput & { addressId: number }>({
      query: (body) => ({ url: 'Users/UpdateUserAddress', method: 'POST', body }),
      extraOptions: mine,
      // A family member shows its address's text.
      invalidatesTags: ['Addresses', 'Patients'],
    }),
    deleteAddress: build.mutation<Reply<{ addressId: number }>, number>({
      query: (id) => ({ url: `Users/DeleteUserAddress?id=${id}`, method: 'DELETE' }),
      extraOptions: mine,
      invalidatesTags: ['Addresses', 'Patients'],
    }),
    provinces: build.query<AdminUnit[], void>({
      query: () => 'AdminUnits/GetProvinces',
      transformResponse: unwrap<AdminUnit[]>,
      keepUnusedDataFor: 3600,
    }),
    wards: build.query<AdminUnit[], string>({
      query: (provinceCode) => `AdminUnits/GetWards?provinceCode=${encodeURIComponent(provinceCode)}`,
      transformResponse: unwrap<AdminUnit[]>,
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const {
  useUserAddressesQuery,
  useAddAddressMutation,
  useUpdateAddressMutation,
  useDeleteAddressMutation,
  useProvincesQuery,
  useWardsQuery,
} = addressesApi;
