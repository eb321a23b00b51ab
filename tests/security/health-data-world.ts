import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { command as feeGuarantees } from '../../server/admin/commands/fee-guarantees';
import {
  addAppointment,
  asOwner,
  createCatalogue,
  createPatientUser,
} from '../../server/modules/appointments/care-fixtures';
import { addResult } from '../../server/modules/health-records/care-side';
import { createStorage } from '../../server/services/storage/index';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  listRoutes,
  multipart,
  PDF,
  PNG,
  send,
  upload,
  type Actor,
  type Reply,
} from './health-data-walk-support';

/**
 * The world of the security walk: user A on songhong with one of everything the health data features make, created
 * through the API (uploads through GetUploadUrls and PUT), user B on songhong, user C on songkhoe,
 * and nobody. Every feature is switched on for songkhoe here, so C's 404 is the tenant boundary
 * and not the feature switch.
 */

export interface World {
  t: TestApp;
  dataDir: string;
  routes: string[];
  A: Actor;
  B: Actor;
  C: Actor;
  NOBODY: Actor;
  /** A's things (and a few of B's), by name. */
  ids: Record<string, number>;
  urls: Record<string, string>;
  /** Strings only A's data contains: never in B's or C's replies. */
  markers: string[];
}

export const MARKERS = {
  record: 'A-secret-record-7f3a',
  recordFile: 'a-private-scan-91c2.png',
  attachment: 'a-private-attachment-5d10.png',
  claim: 'A-secret-claim-reason-44be',
  policy: 'APOLICY-83C1',
  card: 'HS4010123456789',
  guarantee: 'A-secret-guarantee-6b2e',
};

let slot = 0;
/** A fresh start time for an appointment (one a day per patient and doctor). */
export const nextSlot = () => new Date(Date.parse('2026-03-25T02:00:00Z') + 86_400_000 * slot++);

/** Records the user's consent to the tenant's current health-data text through the API. */
async function giveConsent(w: World, who: Actor) {
  const current = await send(w.t.app, who, { method: 'GET', url: '/api/v1/Users/GetHealthDataConsent' });
  expect(current.status, current.body).toBe(200);
  const given = await send(w.t.app, who, {
    method: 'POST',
    url: '/api/v1/Users/GiveHealthDataConsent',
    payload: { version: current.json.data.version },
  });
  expect(given.status, given.body).toBe(200);
}

const ok = (r: Reply, what: string) => {
  expect(r.status, `${what}: ${r.body}`).toBe(200);
  return r.json.data as any;
};

export async function createWorld(): Promise<World> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'walk-'));
  const t = await createTestApp({ env: { DATA_DIR: dataDir, STORAGE_DRIVER: 'disk' } });
  const features = t.registry.byCode.get('songkhoe')!.config.features as Record<string, boolean>;
  for (const key of Object.keys(features)) features[key] = true;
  const hong = await createCatalogue(t.db, 'songhong', 1);
  const khoe = await createCatalogue(t.db, 'songkhoe', 1);
  const a = await createPatientUser(t.app, t.db, 'songhong', 'walk-a@example.com', 'Người A');
  const b = await createPatientUser(t.app, t.db, 'songhong', 'walk-b@example.com', 'Người B');
  const c = await createPatientUser(t.app, t.db, 'songkhoe', 'walk-c@example.com', 'Người C');
  const w: World = {
    t,
    dataDir,
    routes: listRoutes(t.app),
    A: { tenant: 'songhong', user: a },
    B: { tenant: 'songhong', user: b },
    C: { tenant: 'songkhoe', user: c },
    NOBODY: { tenant: 'songhong', user: null },
    ids: { doctor: hong.doctorIds[0]!, hospital: hong.hospitalId, cHospital: khoe.hospitalId },
    urls: {},
    markers: Object.values(MARKERS),
  };
  const { A, ids, urls } = w;
  const call = (method: string, url: string, payload?: unknown) =>
    send(t.app, A, { method: method as 'GET', url: `/api/v1/${url}`, ...(payload ? { payload } : {}) });
  for (const who of [w.A, w.B, w.C]) await giveConsent(w, who);
  ids.family = await asOwner(t.db, 'songhong', async (sql) => {
    const { rows } = await sql.query<{ patient_id: number }>(
      `INSERT INTO patients (user_id, full_name, gender, date_of_birth) VALUES ($1, 'Con của A', 'F', '2016-02-03') RETURNING patient_id`,
      [a.userId],
    );
    return rows[0]!.patient_id;
  });
  ids.appointment = await addAppointment(t.db, 'songhong', a, {
    doctorId: ids.doctor!,
    startsAt: nextSlot(),
  });
  ids.bAppointment = await addAppointment(t.db, 'songhong', b, {
    doctorId: ids.doctor!,
    startsAt: nextSlot(),
  });

  // An appointment attachment.
  urls.attachment = await upload(t.app, A, {
    folder: 'Attachments',
    type: 'image/png',
    name: MARKERS.attachment,
    bytes: PNG,
  });
  const added = await call('POST', 'Appointments/AddAttachments', {
    appointmentId: ids.appointment,
    files: [{ fileHttpUrl: urls.attachment }],
  });
  ids.attachment = ok(added, 'AddAttachments')[0].attachmentId;

  // A family member's health record with a PDF and a photo, shared with the appointment.
  const recordFiles = [
    await upload(t.app, A, {
      folder: 'HealthRecords',
      type: 'application/pdf',
      name: 'ket-qua.pdf',
      bytes: PDF,
    }),
    await upload(t.app, A, {
      folder: 'HealthRecords',
      type: 'image/png',
      name: MARKERS.recordFile,
      bytes: PNG,
    }),
  ];
  const record = ok(
    await call('POST', 'Users/CreateUserHealthRecord', {
      patientId: ids.family,
      recordName: MARKERS.record,
      remark: 'Xét nghiệm máu',
      healthRecordType: 1,
      files: recordFiles.map((fileHttpUrl) => ({ fileHttpUrl })),
    }),
    'CreateUserHealthRecord',
  );
  ids.record = record.healthRecordId;
  ids.recordFile = record.files[0].fileId;
  ids.recordFile2 = record.files[1].fileId;
  await asOwner(t.db, 'songhong', (sql) =>
    sql.query('INSERT INTO appointment_health_records (appointment_id, health_record_id) VALUES ($1, $2)', [
      ids.appointment,
      ids.record,
    ]),
  );
  // A result the care side attached to the appointment.
  const storage = createStorage({ dataDir });
  const result = await asOwner(t.db, 'songhong', (sql) =>
    addResult(
      sql,
      storage,
      t.registry.byCode.get('songhong')!.config,
      { appointmentId: ids.appointment!, userId: a.userId, patientId: a.patientId, doctorName: 'BS' },
      {
        title: 'Kết quả X-quang',
        fileName: 'x-quang.pdf',
        bytes: PDF,
      },
    ),
  );
  if ('error' in result) throw new Error(result.error);
  ids.result = result.resultId;

  // Insurance: a company of each tenant, a profile with a card photo, a claim with its files.
  for (const tenant of ['songhong', 'songkhoe']) {
    ids[`company-${tenant}`] = await asOwner(t.db, tenant, async (sql) => {
      const { rows } = await sql.query<{ insurance_company_id: number }>(
        `INSERT INTO insurance_companies (name_vi, name_en) VALUES ('Bảo Việt', 'Bao Viet') RETURNING insurance_company_id`,
      );
      return rows[0]!.insurance_company_id;
    });
  }
  const profile = ok(
    await call('POST', 'InsuranceProfiles/SaveInsuranceProfile', {
      patientId: ids.family,
      insuranceCompanyId: ids['company-songhong'],
      healthCardNumber: MARKERS.card,
      healthCardPhotoUrl: await upload(t.app, A, {
        folder: 'InsuranceCards',
        type: 'image/png',
        name: 'the.png',
        bytes: PNG,
      }),
    }),
    'SaveInsuranceProfile',
  );
  ids.profile = profile.insuranceProfileId;
  const claimFile = (name: string, type = 'image/png', bytes = PNG) =>
    upload(t.app, A, { folder: 'InsuranceClaims', type, name, bytes });
  const claim = ok(
    await call('POST', 'InsuranceClaims/CreateInsuranceClaim', {
      claim: {
        insuranceCompanyId: ids['company-songhong'],
        insuredName: 'Con của A',
        policyNumber: MARKERS.policy,
        reason: MARKERS.claim,
        eventDate: '2026-03-01',
        providerName: 'Bệnh viện Thử Nghiệm',
        claimAmount: 1_500_000,
        wasAccident: false,
      },
      idFrontUrl: await claimFile('front.png'),
      idBackUrl: await claimFile('back.png'),
      documentUrls: [await claimFile('hoa-don.pdf', 'application/pdf', PDF)],
      acceptTerms: true,
    }),
    'CreateInsuranceClaim',
  );
  ids.claim = claim.insuranceClaimId;
  ids.claimFile = claim.files[0].insuranceClaimFileId;

  // Fee guarantees: one signed, one approved (to sign), one waiting (to cancel).
  const guarantee = async () =>
    ok(
      await call('POST', 'HospitalBillCoverages/CreateHospitalBillCoverage', {
        patientId: ids.family,
        hospitalId: ids.hospital,
        insuranceCompany: 'Bảo Việt',
        policyNumber: MARKERS.policy,
        estimatedAmount: 5_000_000,
        note: MARKERS.guarantee,
      }),
      'CreateHospitalBillCoverage',
    ).feeGuaranteeId as number;
  const approve = async (id: number) => {
    const lines: string[] = [];
    const args = ['approve', 'songhong', String(id), '--amount', '4500000'];
    const code = await feeGuarantees.run({
      db: t.db,
      registry: t.registry,
      args,
      print: (l: string) => lines.push(l),
    });
    expect(code, lines.join('\n')).toBe(0);
  };
  ids.feeSigned = await guarantee();
  ids.feeApproved = await guarantee();
  ids.feeWaiting = await guarantee();
  await approve(ids.feeSigned);
  await approve(ids.feeApproved);
  const signed = await send(t.app, A, {
    method: 'POST',
    url: `/api/v1/Appointments/SignatureHospitalBillCoverageConfirmForWeb/${ids.feeSigned}`,
    ...multipart([{ name: 'Files', fileName: 'signature.png', type: 'image/png', data: PNG }]),
  });
  ok(signed, 'SignatureHospitalBillCoverageConfirmForWeb');
  return w;
}
