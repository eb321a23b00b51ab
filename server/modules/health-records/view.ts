import type { HealthRecord, HealthResult } from '../../../schemas/health-records';
import type { FileRow, RecordRow, ResultRow } from './repository';

/** Rows of the repository turned into the contract's shapes (schemas/health-records.ts). */

const iso = (d: Date | string) => new Date(d).toISOString();

/** The URL that serves a record's file to its owner (bearer token). */
export const recordFileUrl = (origin: string, fileId: number) =>
  `${origin}/api/v1/Users/ViewFileHeathRecord?id=${fileId}`;

/** The URL that serves a result's file to the appointment's owner (bearer token). */
export const resultFileUrl = (origin: string, resultId: number) =>
  `${origin}/api/v1/Appointments/ViewFileHeathResult?id=${resultId}`;

export function recordOf(origin: string, r: RecordRow, files: FileRow[]): HealthRecord {
  return {
    healthRecordId: r.health_record_id,
    userId: r.user_id,
    patientId: r.patient_id,
    patientName: r.patient_name ?? '',
    recordName: r.record_name,
    remark: r.remark,
    healthRecordType: r.record_type,
    createdAt: iso(r.created_at),
    files: files
      .filter((f) => f.health_record_id === r.health_record_id)
      .map((f) => ({
        fileId: Number(f.file_id),
        fileName: f.file_name,
        contentType: f.content_type,
        sizeBytes: Number(f.size_bytes),
        fileHttpUrl: recordFileUrl(origin, Number(f.file_id)),
        createdAt: iso(f.created_at),
      })),
  };
}

export function resultOf(origin: string, r: ResultRow): HealthResult {
  return {
    resultId: Number(r.result_id),
    appointmentId: Number(r.appointment_id),
    title: r.title,
    fileName: r.file_name,
    contentType: r.content_type,
    sizeBytes: Number(r.size_bytes),
    createdBy: r.created_by,
    createdAt: iso(r.created_at),
    fileHttpUrl: resultFileUrl(origin, Number(r.result_id)),
  };
}
