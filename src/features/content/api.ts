import type { Content } from '../../../schemas/catalogue';
import { baseApi, unwrap } from '../../lib/api';

export const contentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // Silent: a missing page shows the "being updated" state instead of an error toast.
    content: build.query<Content, { contentId: number; languageId: number }>({
      query: ({ contentId, languageId }) => ({
        url: 'Contents/GetContent',
        params: { ContentId: contentId, LanguageId: languageId },
      }),
      transformResponse: unwrap<Content>,
      extraOptions: { silent: true },
    }),
  }),
});

export const { useContentQuery } = contentApi;
