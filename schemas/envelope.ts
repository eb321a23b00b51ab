import { Type, type Static, type TSchema } from 'typebox';

/**
 * Every JSON reply of /api/v1: { isSuccess, codeMessageRespond, message, data, errors }.
 * `errors` holds message keys of spec sections 5 and 8 (translated by the client).
 */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    isSuccess: Type.Boolean(),
    codeMessageRespond: Type.Union([Type.String(), Type.Null()]),
    message: Type.Union([Type.String(), Type.Null()]),
    data,
    errors: Type.Union([Type.Array(Type.String()), Type.Null()]),
  });

export const ErrorEnvelope = Envelope(Type.Null());
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

/** The reply shape as the client sees it. */
export interface ApiEnvelope<T> {
  isSuccess: boolean;
  codeMessageRespond: string | null;
  message: string | null;
  data: T;
  errors: string[] | null;
}

export const Pagination = Type.Object({
  pageNumber: Type.Integer(),
  pageSize: Type.Integer(),
  totalRecords: Type.Integer(),
});
export type Pagination = Static<typeof Pagination>;

/** Paging query of list endpoints (spec section 9: default page size 15). */
export const PagingQuery = {
  PageNumber: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100000, default: 1, 'x-message': 'invalid_page_number' }),
  ),
  PageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, default: 15, 'x-message': 'invalid_page_size' }),
  ),
};
