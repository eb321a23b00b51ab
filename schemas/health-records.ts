import { Type, type Static } from 'typebox';
import { DATE_FILTERS } from './codes';
import { Pagination, PagingQuery } from './envelope';

export { HealthRecordType } from './codes';

/**
 * Health records contract (spec sections 3, 5 and 7). Paths are under /api/v1, every
 * reply is the envelope and "-> X" is its `data`. All need a signed-in user ([auth], bearer). A
 * record belongs to the account holder and is about the holder ("myself" patient) or one of their
 * family members. Another user's or another tenant's id answers 404 `health_record_not_found`
 * (`health_result_not_found` for results) on every endpoint. Every read (list, record, file,
 * result) is written to the caller's data access log in the same transaction.
 *
 * POST   /Users/CreateUserHealthRecord  body CreateHealthRecordRequest  -> HealthRecord
 *        Files are uploaded first (POST /Storages/GetUploadUrls, folderName 'HealthRecords', then
 *        PUT the bytes: JPG/JPEG/PNG/PDF sniffed from the bytes, at most 2 MB each); 1 to 5
 *        `fileHttpUrl`s of the caller's own, not yet linked uploads. All or nothing.
 *        errors: 403 consent_required (no consent to the tenant's current health-data text);
 *        400 invalid_request with errors [too_many_files | upload_url_invalid | file_too_large];
 *        404 patient_not_found (not the caller's patient); 400 validation keys
 *        (record_name_required, remark_required, invalid_health_record_type, select_patient,
 *        health_record_file_required).
 * GET    /Users/GetUserHealthRecords/:userId?duration=&HealthRecordType=&patientId=&PageNumber=&PageSize=15
 *        -> HealthRecordPage (newest first; `duration` is the spec's date filter on the local day of
 *        createdAt in the tenant's booking.timeZone; :userId must be the caller's, else 404)
 * GET    /Users/GetUserHealthRecord/:userId/:recordId  -> HealthRecord (with its files)
 * GET    /Users/ViewFileHeathRecord?id=<fileId>[&download=true]  -> the file (inline, or as an
 *        attachment with download=true); type from the bytes, never a public URL.
 * DELETE /Users/DeleteUserHealthRecord?id=<recordId>  -> { healthRecordId }
 *        The record, its files and its sharing with appointments; the stored files are erased
 *        after the transaction commits.
 * DELETE /Users/DeleteUserHealthRecordFile?id=<fileId>  -> HealthRecord (what remains)
 *        A record keeps at least one file (spec: the file is required): deleting its last file
 *        answers 409 health_record_last_file; delete the record instead.
 * GET    /Appointments/GetSharedHealthData?appointmentId=  -> SharedHealthData (added): the records
 *        the caller shared with one of their appointments and the results the care side attached.
 * GET    /Appointments/ViewFileHeathResult?id=<resultId>[&download=true]  -> the result's file, for
 *        the appointment's owner only.
 */

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const BigId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Required = (max: number, message: string) =>
  Type.String({ minLength: 1, maxLength: max, pattern: '\\S', 'x-message': message });
const TypeId = Type.Integer({ minimum: 0, maximum: 3, 'x-message': 'invalid_health_record_type' });

/** At most this many files per record (spec section 5: "at most 5 files"). */
export const HEALTH_RECORD_MAX_FILES = 5;

export const CreateHealthRecordRequest = Type.Object({
  /** Optional; when given it must be the caller's own id. */
  userId: Type.Optional(Id),
  patientId: Type.Integer({ minimum: 1, maximum: 2_147_483_647, 'x-message': 'select_patient' }),
  recordName: Required(200, 'record_name_required'),
  remark: Required(2000, 'remark_required'),
  healthRecordType: TypeId,
  files: Type.Array(
    Type.Object({
      fileHttpUrl: Type.String({ minLength: 1, maxLength: 1000, 'x-message': 'upload_url_invalid' }),
    }),
    // Up to 20 here so that a 6th file answers the spec's too_many_files, not a schema key.
    { minItems: 1, maxItems: 20, 'x-message': 'health_record_file_required' },
  ),
});
export type CreateHealthRecordRequest = Static<typeof CreateHealthRecordRequest>;

export const HealthRecordListQuery = Type.Object({
  // An enum (not a union of literals) so that a bad value reports this key.
  duration: Type.Optional(Type.Enum(DATE_FILTERS, { 'x-message': 'invalid_duration' })),
  HealthRecordType: Type.Optional(TypeId),
  patientId: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 2_147_483_647, 'x-message': 'select_patient' }),
  ),
  ...PagingQuery,
});
export type HealthRecordListQuery = Static<typeof HealthRecordListQuery>;

export const UserIdParams = Type.Object({ id: Id });
export const RecordParams = Type.Object({ a: Id, b: Id });
export const IdQuery = Type.Object({ id: BigId });
export const FileQuery = Type.Object({
  id: BigId,
  download: Type.Optional(Type.Boolean()),
});
export const AppointmentQuery = Type.Object({ appointmentId: BigId });

export const HealthRecordFile = Type.Object({
  fileId: BigId,
  fileName: Type.String(),
  contentType: Type.String(),
  sizeBytes: Type.Integer(),
  /** GET /Users/ViewFileHeathRecord?id=: needs the owner's bearer token. */
  fileHttpUrl: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type HealthRecordFile = Static<typeof HealthRecordFile>;

export const HealthRecord = Type.Object({
  healthRecordId: Id,
  userId: Id,
  patientId: Type.Union([Id, Type.Null()]),
  patientName: Type.String(),
  recordName: Type.String(),
  remark: Type.String(),
  /** Other 0, Report 1, Prescription 2, health_examination 3. */
  healthRecordType: Type.Integer({ minimum: 0, maximum: 3 }),
  createdAt: Type.String({ format: 'date-time' }),
  files: Type.Array(HealthRecordFile),
});
export type HealthRecord = Static<typeof HealthRecord>;

export const HealthRecordPage = Type.Object({
  userHealthRecords: Type.Array(HealthRecord),
  pagination: Pagination,
});
export type HealthRecordPage = Static<typeof HealthRecordPage>;

export const DeletedHealthRecord = Type.Object({ healthRecordId: Id });

/** A file the care side attached to an appointment (operator command `health-records add-result`). */
export const HealthResult = Type.Object({
  resultId: BigId,
  appointmentId: BigId,
  title: Type.String(),
  fileName: Type.String(),
  contentType: Type.String(),
  sizeBytes: Type.Integer(),
  createdBy: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  /** GET /Appointments/ViewFileHeathResult?id=: needs the owner's bearer token. */
  fileHttpUrl: Type.String(),
});
export type HealthResult = Static<typeof HealthResult>;

export const SharedHealthData = Type.Object({
  healthRecords: Type.Array(HealthRecord),
  results: Type.Array(HealthResult),
});
export type SharedHealthData = Static<typeof SharedHealthData>;
