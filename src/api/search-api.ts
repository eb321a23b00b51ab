import type { GlobalSearchResult } from '../../schemas/discovery';
import { baseApi, unwrap } from '../lib/api';

/** Spec section 3: one global search hit; `id` is the doctor, symptom or speciality id. */
export type SearchResult = GlobalSearchResult;

export interface GlobalSearchArgs {
  searchText: string;
  languageId: number;
}

/** GET /GlobalSearches: doctors, symptoms and specialities whose name matches the text. */
export const searchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    globalSearch: build.query<SearchResult[], GlobalSearchArgs>({
      query: (params) => ({ url: 'GlobalSearches', params }),
      transformResponse: unwrap<SearchResult[]>,
      // The box shows its own "no match"/error line; a toast on every keystroke would be noise.
      extraOptions: { silent: true },
    }),
  }),
});

export const { useGlobalSearchQuery } = searchApi;
