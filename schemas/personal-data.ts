import { Type, type Static } from 'typebox';
import { Pagination, PagingQuery } from './envelope';

/**
 * Personal data contract (Vietnam's Personal Data Protection Law 91/2025/QH15, in force
 * since 1 January 2026). Paths are under /api/v1, every reply is the envelope and "-> X" is its
 * `data`. All need a signed-in user ([auth], bearer); a user sees only their own data.
 *
 * GET  /Users/GetHealthDataConsent  -> HealthDataConsent
 *      The tenant's current consent text (tenant.json privacy.healthDataConsent) in the request
 *      language (a built-in default naming the tenant when the tenant's text is empty) and whether
 *      the caller has a standing consent to this version.
 * POST /Users/GiveHealthDataConsent { version }  -> HealthDataConsent
 *      `version` must be the current one, else 409 consent_version_changed. Records the version,
 *      the SHA-256 of the text shown, the language, ip and device id (X-Device-Id). Idempotent.
 * POST /Users/WithdrawHealthDataConsent  -> HealthDataConsent
 *      New health data is then refused (403 consent_required); stored data stays until the user
 *      deletes it or the account.
 * GET  /Users/GetDataAccessLog?PageNumber=&PageSize=  -> DataAccessLogPage
 *      Every read of the caller's health data, newest first. Reading the log is not logged.
 * GET  /Users/ExportMyData  -> application/zip (attachment)
 *      data.json (profile, family members, addresses, appointments, consents, access log, each
 *      feature's section) and files/... . Logged as `data_export`; one per minute per user
 *      (429 too_many_requests).
 */

export const HealthDataConsent = Type.Object({
  version: Type.String(),
  /** The text in the request language (plain text, paragraphs separated by blank lines). */
  text: Type.String(),
  language: Type.Union([Type.Literal('vi'), Type.Literal('en')]),
  consented: Type.Boolean(),
  /** When the standing consent to this version was given (UTC), else null. */
  givenAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type HealthDataConsent = Static<typeof HealthDataConsent>;

export const GiveHealthDataConsentBody = Type.Object(
  {
    version: Type.String({ minLength: 1, maxLength: 40, 'x-message': 'invalid_consent_version' }),
  },
  { additionalProperties: false },
);
export type GiveHealthDataConsentBody = Static<typeof GiveHealthDataConsentBody>;

export const DataAccessLogQuery = Type.Object({ ...PagingQuery });

export const ACTOR_KINDS = ['self', 'doctor', 'hospital', 'operator'] as const;
export const ACCESS_ACTIONS = ['list', 'view', 'download', 'export'] as const;

export const DataAccessEntry = Type.Object({
  accessId: Type.Integer(),
  /** When (UTC). */
  at: Type.String({ format: 'date-time' }),
  actor: Type.Object({ kind: Type.Enum(ACTOR_KINDS), label: Type.String() }),
  action: Type.Enum(ACCESS_ACTIONS),
  resource: Type.Object({
    kind: Type.String(),
    id: Type.Union([Type.Integer(), Type.Null()]),
    /** What the owner calls it (a health record's title) as it was when read; null when unnamed. */
    label: Type.Union([Type.String(), Type.Null()]),
  }),
  /** The family member the data was about, when it was about one. */
  patient: Type.Union([Type.Object({ patientId: Type.Integer(), fullName: Type.String() }), Type.Null()]),
  /** The appointment through which it was read (the care side), when there was one. */
  appointment: Type.Union([
    Type.Object({
      appointmentId: Type.Integer(),
      appointmentNumber: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
});
export type DataAccessEntry = Static<typeof DataAccessEntry>;

export const DataAccessLogPage = Type.Object({
  entries: Type.Array(DataAccessEntry),
  pagination: Pagination,
});
export type DataAccessLogPage = Static<typeof DataAccessLogPage>;
