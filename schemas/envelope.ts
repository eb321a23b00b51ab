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

/**
 * A failure reply in the OpenAPI document and the reply serializer: the envelope with `data` null,
 * the message key in `codeMessageRespond` (one of `codes`, listed in `x-message-keys`), field keys
 * in `errors`, and the request's id. Routes declare their own with `errorReplies`.
 */
export const ErrorReply = (codes: string[]) =>
  Type.Object(
    {
      isSuccess: Type.Literal(false),
      codeMessageRespond: Type.String({ examples: codes }),
      message: Type.Union([Type.String(), Type.Null()]),
      data: Type.Null(),
      errors: Type.Union([Type.Array(Type.String()), Type.Null()]),
      requestId: Type.Optional(Type.String()),
    },
    { description: `Failure: ${codes.join(', ')}`, 'x-message-keys': codes },
  );

/** The success of a route that answers a file or text, not JSON (its own content type). */
export const FileReply = Type.Unsafe<unknown>({ description: 'The file' });

/**
 * The failures a route answers with its own message keys, by status, for its `response` schema:
 * `response: { 200: Envelope(Patient), ...errorReplies({ 404: ['patient_not_found'] }) }`. The
 * failures every route can give are added to the document as a class (openapi-contract.ts).
 */
export const errorReplies = (byStatus: Record<number, string[]>) =>
  Object.fromEntries(Object.entries(byStatus).map(([status, codes]) => [status, ErrorReply(codes)]));

/**
 * The body of a route that validates against a schema-rendered form (schemas/forms, merged with
 * the tenant's override at request time): the route only requires an object with `own` fields;
 * the document publishes the form's schema in its place.
 */
export const FormBody = <T extends Record<string, TSchema>>(form: string, own: T = {} as T) =>
  Type.Object(own, { additionalProperties: true, 'x-form': form });
