import type { Static } from 'typebox';
import type { Country } from '../../../schemas/catalogue';
import type { CaptchaChallenge, ContactUsRequest } from '../../../schemas/discovery';
import { baseApi, unwrap } from '../../lib/api';

export type Challenge = Static<typeof CaptchaChallenge>;

export const contactApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // A mutation, not a query: every attempt needs a fresh, single-use challenge.
    captchaChallenge: build.mutation<Challenge, void>({
      query: () => ({ url: 'Captcha/GetChallenge', method: 'GET' }),
      transformResponse: unwrap<Challenge>,
      extraOptions: { silent: true },
    }),
    contactCountries: build.query<Country[], void>({
      query: () => 'Countries',
      transformResponse: unwrap<Country[]>,
    }),
    // Silent: the form shows the field errors itself.
    addContactMessage: build.mutation<{ contactMessageId: number }, ContactUsRequest>({
      query: (body) => ({ url: 'ContactUsMessages/AddContactUsMessage', method: 'POST', body }),
      transformResponse: unwrap<{ contactMessageId: number }>,
      extraOptions: { silent: true },
    }),
  }),
});

export const { useCaptchaChallengeMutation, useContactCountriesQuery, useAddContactMessageMutation } =
  contactApi;
