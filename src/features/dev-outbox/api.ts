import { baseApi, unwrap } from '../../lib/api';

/** A message the demo would have sent (GET /api/v1/dev/outbox, not in production). */
export interface OutboxMessage {
  messageId: number;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  code: string | null;
  createdAt: string;
}

export const outboxApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    outbox: build.query<OutboxMessage[], string>({
      query: (to) => ({ url: 'dev/outbox', params: { to } }),
      transformResponse: unwrap<OutboxMessage[]>,
      // Codes arrive while the visitor waits on this page: never serve a stale list.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useOutboxQuery } = outboxApi;
