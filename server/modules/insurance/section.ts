import type { Sql } from '../../db/database';
import type { PersonalDataSection } from '../personal-data/index';
import { listProfiles } from './profile-repository';
import type { ClaimFileRow, ClaimRow } from './repository';
import { listClaims } from './repository';

/** A file name reduced to safe archive-path characters (the archive never holds a raw name). */
const safeName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 80) || 'file';

const iso = (d: Date | string) => new Date(d).toISOString();

async function allClaims(sql: Sql, userId: number): Promise<ClaimRow[]> {
  return (await listClaims(sql, userId, { pageNumber: 1, pageSize: 1_000_000 })).rows.reverse();
}

async function allClaimFiles(sql: Sql, userId: number): Promise<ClaimFileRow[]> {
  const { rows } = await sql.query<ClaimFileRow>(
    `SELECT insurance_claim_file_id, insurance_claim_id, kind, file_key, file_name, content_type, size_bytes
       FROM insurance_claim_files WHERE user_id = $1 ORDER BY insurance_claim_file_id`,
    [userId],
  );
  return rows;
}

/**
 * The insurance part of a user's personal data: in the export, their insurance profiles (card
 * photos included) and claims (every answer, status and file); at the purge, those rows go and
 * their storage keys are returned for erasure after commit.
 */
export const insuranceSection: PersonalDataSection = {
  name: 'insurance',

  async export(sql, userId) {
    const files: { archivePath: string; fileKey: string }[] = [];
    const profiles = (await listProfiles(sql, userId)).map((p) => {
      const id = Number(p.insurance_profile_id);
      const photo = (side: string, key: string | null, name: string | null) => {
        if (!key) return null;
        const archivePath = `insurance/profiles/${id}/${side}-${safeName(name ?? 'card')}`;
        files.push({ archivePath, fileKey: key });
        return archivePath;
      };
      return {
        insuranceProfileId: id,
        patientId: p.patient_id,
        insuredName: p.insured_name,
        insuranceCompany: p.company_vi,
        healthCardNumber: p.health_card_number,
        healthCardPhoto: photo('health', p.health_card_photo_key, p.health_card_photo_name),
        socialCardNumber: p.social_card_number,
        socialCardPhoto: photo('social', p.social_card_photo_key, p.social_card_photo_name),
        contractNumber: p.contract_number,
        updatedAt: iso(p.updated_at),
      };
    });
    const claimFiles = await allClaimFiles(sql, userId);
    const claims = (await allClaims(sql, userId)).map((c) => ({
      insuranceClaimId: Number(c.insurance_claim_id),
      insuranceCompany: c.company_vi,
      insuredName: c.insured_name,
      policyNumber: c.policy_number,
      dateOfBirth: c.date_of_birth,
      idNumber: c.id_number,
      reason: c.reason,
      eventDate: c.event_date,
      providerName: c.provider_name,
      claimAmount: Number(c.claim_amount),
      answers: typeof c.answers === 'string' ? (JSON.parse(c.answers) as unknown) : c.answers,
      termsAcceptedAt: iso(c.terms_accepted_at),
      status: c.status,
      statusNote: c.status_note,
      createdAt: iso(c.created_at),
      files: claimFiles
        .filter((f) => f.insurance_claim_id === c.insurance_claim_id)
        .map((f) => {
          const id = Number(f.insurance_claim_file_id);
          const archivePath = `insurance/claims/${Number(c.insurance_claim_id)}/${id}-${f.kind}-${safeName(f.file_name)}`;
          files.push({ archivePath, fileKey: f.file_key });
          return { kind: f.kind, fileName: f.file_name, contentType: f.content_type, archivePath };
        }),
    }));
    return { data: { profiles, claims }, files };
  },

  async erase(sql, userId) {
    const keys: string[] = [];
    const profiles = await sql.query<{ a: string | null; b: string | null }>(
      `DELETE FROM insurance_profiles WHERE user_id = $1
       RETURNING health_card_photo_key AS a, social_card_photo_key AS b`,
      [userId],
    );
    for (const r of profiles.rows) for (const k of [r.a, r.b]) if (k) keys.push(k);
    const files = await sql.query<{ file_key: string }>(
      'DELETE FROM insurance_claim_files WHERE user_id = $1 RETURNING file_key',
      [userId],
    );
    keys.push(...files.rows.map((r) => r.file_key));
    await sql.query('DELETE FROM insurance_claims WHERE user_id = $1', [userId]);
    return keys;
  },
};
