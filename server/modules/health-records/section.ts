import type { Sql } from '../../db/database';
import type { PersonalDataSection } from '../personal-data/index';
import type { FileRow, RecordRow, ResultRow } from './repository';

/** A file name reduced to safe archive-path characters (the archive never holds a raw name). */
const safeName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 80) || 'file';

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The health records part of a user's personal data: in the export, every record (the holder's
 * and their family members') with its files, and the results attached to their appointments; at
 * the purge, those rows go and their storage keys are returned for erasure after commit.
 */
export const healthRecordsSection: PersonalDataSection = {
  name: 'healthRecords',

  async export(sql, userId) {
    const records = await sql.query<RecordRow>(
      `SELECT r.health_record_id, r.user_id, r.patient_id, p.full_name AS patient_name, r.record_name, r.remark,
              r.record_type, r.created_at
         FROM health_records r LEFT JOIN patients p ON p.patient_id = r.patient_id
        WHERE r.user_id = $1 AND r.deleted_at IS NULL ORDER BY r.health_record_id`,
      [userId],
    );
    const files = await sql.query<FileRow>(
      `SELECT f.file_id, f.health_record_id, f.file_key, f.file_name, f.content_type, f.size_bytes, f.created_at
         FROM health_record_files f JOIN health_records r ON r.health_record_id = f.health_record_id
        WHERE r.user_id = $1 AND r.deleted_at IS NULL ORDER BY f.file_id`,
      [userId],
    );
    const results = await sql.query<ResultRow>(
      `SELECT x.result_id, x.appointment_id, x.title, x.file_key, x.file_name, x.content_type, x.size_bytes,
              x.created_by, x.created_at
         FROM appointment_results x JOIN appointments a ON a.appointment_id = x.appointment_id
        WHERE a.user_id = $1 ORDER BY x.result_id`,
      [userId],
    );
    const archive: { archivePath: string; fileKey: string }[] = [];
    const fileOf = (f: FileRow) => {
      const archivePath = `health-records/${f.health_record_id}/${Number(f.file_id)}-${safeName(f.file_name)}`;
      archive.push({ archivePath, fileKey: f.file_key });
      return {
        fileId: Number(f.file_id),
        fileName: f.file_name,
        contentType: f.content_type,
        sizeBytes: Number(f.size_bytes),
        createdAt: iso(f.created_at),
        archivePath,
      };
    };
    const data = {
      records: records.rows.map((r) => ({
        healthRecordId: r.health_record_id,
        patientId: r.patient_id,
        patientName: r.patient_name ?? '',
        recordName: r.record_name,
        remark: r.remark,
        healthRecordType: r.record_type,
        createdAt: iso(r.created_at),
        files: files.rows.filter((f) => f.health_record_id === r.health_record_id).map(fileOf),
      })),
      results: results.rows.map((x) => {
        const archivePath = `health-results/${Number(x.appointment_id)}/${Number(x.result_id)}-${safeName(x.file_name)}`;
        archive.push({ archivePath, fileKey: x.file_key });
        return {
          resultId: Number(x.result_id),
          appointmentId: Number(x.appointment_id),
          title: x.title,
          fileName: x.file_name,
          contentType: x.content_type,
          sizeBytes: Number(x.size_bytes),
          createdBy: x.created_by,
          createdAt: iso(x.created_at),
          archivePath,
        };
      }),
    };
    return { data, files: archive };
  },

  async erase(sql: Sql, userId: number) {
    const files = await sql.query<{ file_key: string }>(
      `DELETE FROM health_record_files f USING health_records r
        WHERE r.health_record_id = f.health_record_id AND r.user_id = $1 RETURNING f.file_key`,
      [userId],
    );
    await sql.query('DELETE FROM health_records WHERE user_id = $1', [userId]);
    const results = await sql.query<{ file_key: string }>(
      `DELETE FROM appointment_results x USING appointments a
        WHERE a.appointment_id = x.appointment_id AND a.user_id = $1 RETURNING x.file_key`,
      [userId],
    );
    return [...files.rows, ...results.rows].map((r) => r.file_key);
  },
};
