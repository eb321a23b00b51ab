import type { Sql } from '../../db/database';
import type { ClaimedFile } from '../../services/storage/index';

/**
 * SQL of the health records module. Every read is scoped to the caller (`user_id = $1`) and runs
 * under the tenant's RLS, so another user's or tenant's id finds nothing.
 */

export interface RecordRow {
  health_record_id: number;
  user_id: number;
  patient_id: number | null;
  patient_name: string | null;
  record_name: string;
  remark: string;
  record_type: number;
  created_at: Date | string;
}

export interface FileRow {
  file_id: string | number;
  health_record_id: number;
  file_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  created_at: Date | string;
}

export interface ResultRow {
  result_id: string | number;
  appointment_id: string | number;
  title: string;
  file_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  created_by: string;
  created_at: Date | string;
}

const RECORD_COLUMNS = `r.health_record_id, r.user_id, r.patient_id, p.full_name AS patient_name, r.record_name,
  r.remark, r.record_type, r.created_at`;
const RECORD_FROM = 'health_records r LEFT JOIN patients p ON p.patient_id = r.patient_id';

export async function insertRecord(
  sql: Sql,
  record: { userId: number; patientId: number; recordName: string; remark: string; recordType: number },
  files: ClaimedFile[],
): Promise<number> {
  const { rows } = await sql.query<{ health_record_id: number }>(
    `INSERT INTO health_records (user_id, patient_id, record_name, remark, record_type)
     VALUES ($1, $2, $3, $4, $5) RETURNING health_record_id`,
    [record.userId, record.patientId, record.recordName, record.remark, record.recordType],
  );
  const id = rows[0]!.health_record_id;
  for (const f of files) {
    await sql.query(
      `INSERT INTO health_record_files (health_record_id, file_key, file_name, content_type, size_bytes)
       VALUES ($1, $2, $3, $4, $5)`,
      [id, f.fileKey, f.fileName, f.contentType, f.sizeBytes],
    );
  }
  return id;
}

export interface ListOptions {
  recordType?: number;
  patientId?: number;
  /** Half-open instant range [from, to) of created_at; null for all. */
  range: { from: Date; to: Date } | null;
  pageNumber: number;
  pageSize: number;
}

/** One page of the user's records, newest first, and the total for the pager. */
export async function listRecords(
  sql: Sql,
  userId: number,
  options: ListOptions,
): Promise<{ rows: RecordRow[]; total: number }> {
  const params: unknown[] = [userId];
  let where = 'r.user_id = $1 AND r.deleted_at IS NULL';
  if (options.recordType !== undefined) {
    params.push(options.recordType);
    where += ` AND r.record_type = $${params.length}`;
  }
  if (options.patientId !== undefined) {
    params.push(options.patientId);
    where += ` AND r.patient_id = $${params.length}`;
  }
  if (options.range) {
    params.push(options.range.from.toISOString(), options.range.to.toISOString());
    where += ` AND r.created_at >= $${params.length - 1}::timestamptz AND r.created_at < $${params.length}::timestamptz`;
  }
  const count = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM health_records r WHERE ${where}`,
    [...params],
  );
  params.push(options.pageSize, (options.pageNumber - 1) * options.pageSize);
  const { rows } = await sql.query<RecordRow>(
    `SELECT ${RECORD_COLUMNS} FROM ${RECORD_FROM} WHERE ${where}
      ORDER BY r.created_at DESC, r.health_record_id DESC
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows, total: count.rows[0]!.n };
}

/** One of the user's records, or null. */
export async function findRecord(sql: Sql, userId: number, recordId: number): Promise<RecordRow | null> {
  const { rows } = await sql.query<RecordRow>(
    `SELECT ${RECORD_COLUMNS} FROM ${RECORD_FROM}
      WHERE r.user_id = $1 AND r.health_record_id = $2 AND r.deleted_at IS NULL`,
    [userId, recordId],
  );
  return rows[0] ?? null;
}

/** The files of some records, oldest first. */
export async function filesOf(sql: Sql, recordIds: number[]): Promise<FileRow[]> {
  if (recordIds.length === 0) return [];
  const { rows } = await sql.query<FileRow>(
    `SELECT file_id, health_record_id, file_key, file_name, content_type, size_bytes, created_at
       FROM health_record_files WHERE health_record_id = ANY($1::int[]) ORDER BY file_id`,
    [recordIds],
  );
  return rows;
}

/** One file of the user's records, with the record's patient, or null. */
export async function findOwnedFile(
  sql: Sql,
  userId: number,
  fileId: number,
): Promise<(FileRow & { patient_id: number | null; record_name: string }) | null> {
  const { rows } = await sql.query<FileRow & { patient_id: number | null; record_name: string }>(
    `SELECT f.file_id, f.health_record_id, f.file_key, f.file_name, f.content_type, f.size_bytes, f.created_at,
            r.patient_id, r.record_name
       FROM health_record_files f JOIN health_records r ON r.health_record_id = f.health_record_id
      WHERE f.file_id = $2 AND r.user_id = $1 AND r.deleted_at IS NULL`,
    [userId, fileId],
  );
  return rows[0] ?? null;
}

/**
 * Deletes one of the user's records with its files and its sharing (cascade).
 * @returns the storage keys to erase after commit, or null when the record is not the user's
 */
export async function deleteRecord(sql: Sql, userId: number, recordId: number): Promise<string[] | null> {
  const { rows } = await sql.query<{ health_record_id: number }>(
    `SELECT health_record_id FROM health_records
      WHERE user_id = $1 AND health_record_id = $2 AND deleted_at IS NULL FOR UPDATE`,
    [userId, recordId],
  );
  if (!rows[0]) return null;
  const files = await sql.query<{ file_key: string }>(
    'DELETE FROM health_record_files WHERE health_record_id = $1 RETURNING file_key',
    [recordId],
  );
  await sql.query('DELETE FROM health_records WHERE health_record_id = $1', [recordId]);
  return files.rows.map((f) => f.file_key);
}

/**
 * Deletes one file of the user's records, unless it is the record's last (a record keeps at least
 * one file). The record row is locked, so two concurrent deletes cannot both pass the count.
 */
export async function deleteFile(
  sql: Sql,
  userId: number,
  fileId: number,
): Promise<'not_found' | 'last_file' | { recordId: number; fileKey: string }> {
  const file = await findOwnedFile(sql, userId, fileId);
  if (!file) return 'not_found';
  await sql.query('SELECT 1 FROM health_records WHERE health_record_id = $1 FOR UPDATE', [
    file.health_record_id,
  ]);
  const { rows } = await sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM health_record_files WHERE health_record_id = $1',
    [file.health_record_id],
  );
  if (rows[0]!.n <= 1) return 'last_file';
  await sql.query('DELETE FROM health_record_files WHERE file_id = $1', [fileId]);
  return { recordId: file.health_record_id, fileKey: file.file_key };
}

/** The user's appointment (id and patient), or null. */
export async function findOwnedAppointment(
  sql: Sql,
  userId: number,
  appointmentId: number,
): Promise<{ appointment_id: string | number; patient_id: number } | null> {
  const { rows } = await sql.query<{ appointment_id: string | number; patient_id: number }>(
    'SELECT appointment_id, patient_id FROM appointments WHERE user_id = $1 AND appointment_id = $2',
    [userId, appointmentId],
  );
  return rows[0] ?? null;
}

/** The records shared with an appointment (still existing), in id order. */
export async function sharedRecords(sql: Sql, appointmentId: number): Promise<RecordRow[]> {
  const { rows } = await sql.query<RecordRow>(
    `SELECT ${RECORD_COLUMNS} FROM appointment_health_records x
       JOIN health_records r ON r.health_record_id = x.health_record_id
       LEFT JOIN patients p ON p.patient_id = r.patient_id
      WHERE x.appointment_id = $1 AND r.deleted_at IS NULL
      ORDER BY r.health_record_id`,
    [appointmentId],
  );
  return rows;
}

const RESULT_COLUMNS = `x.result_id, x.appointment_id, x.title, x.file_key, x.file_name, x.content_type,
  x.size_bytes, x.created_by, x.created_at`;

/** The results attached to an appointment, oldest first. */
export async function resultsOf(sql: Sql, appointmentId: number): Promise<ResultRow[]> {
  const { rows } = await sql.query<ResultRow>(
    `SELECT ${RESULT_COLUMNS} FROM appointment_results x WHERE x.appointment_id = $1 ORDER BY x.result_id`,
    [appointmentId],
  );
  return rows;
}

/** A result of one of the user's appointments, with the appointment's patient, or null. */
export async function findOwnedResult(
  sql: Sql,
  userId: number,
  resultId: number,
): Promise<(ResultRow & { patient_id: number }) | null> {
  const { rows } = await sql.query<ResultRow & { patient_id: number }>(
    `SELECT ${RESULT_COLUMNS}, a.patient_id FROM appointment_results x
       JOIN appointments a ON a.appointment_id = x.appointment_id
      WHERE x.result_id = $2 AND a.user_id = $1`,
    [userId, resultId],
  );
  return rows[0] ?? null;
}
