import type { InjectOptions } from 'fastify';
import { multipart, PDF, PNG, upload, type Actor } from './health-data-walk-support';
import type { World } from './health-data-world';

/**
 * The walk table: one case per issue-8 route (its name as Fastify lists it). A case builds its
 * request for whoever makes it, always with A's ids (a change carries the caller's own uploads or
 * patient, so ownership is the only reason to refuse).
 *
 * - foreign: takes A's ids. B (same tenant) and C (other tenant) get 404, A gets 2xx.
 * - own: answers with the caller's own data (or the tenant's public list): B and C get 2xx and
 *   none of A's markers.
 * - foreignFile: B and C try to link A's uploads to a record of their own: 400 upload_url_invalid.
 * `order` runs A's calls in a safe sequence (reads, changes, deletes, consent withdrawal last).
 */
export interface WalkCase {
  route: string;
  kind: 'foreign' | 'own' | 'foreignFile';
  what: 'read' | 'list' | 'download' | 'change' | 'delete';
  order: number;
  /** Public: no session needed (nobody gets 2xx, not 401). */
  open?: boolean;
  build: (w: World, who: Actor) => Promise<InjectOptions> | InjectOptions;
}

/** Routes proved by a dedicated test instead of the table (named so none is missed). */
export const DEDICATED: Record<string, string> = {
  'POST /api/v1/Storages/GetUploadUrls': 'uploads: private grants need a session; hostile names',
  'PUT /api/v1/Storages/Upload/:tenant/:token': 'uploads: a used or foreign upload URL is refused',
  'GET /api/v1/Storages/Files/:tenant/:folder/:file': 'uploads: private files never at the public path',
  'GET /api/v1/Storages/Signed/:tenant/*': 'signed URLs: tampered, foreign or expired answer 403',
  'PUT /api/v1/Storages/Signed/:tenant/*': 'signed URLs: tampered, foreign or expired answer 403',
  'GET /api/v1/Care/Appointments/:id/HealthRecordFiles/:fileId':
    "care: only the appointment's doctor or hospital reads a shared file (server/modules/care/care-files.test.ts)",
};

const get = (url: string): InjectOptions => ({ method: 'GET', url: `/api/v1/${url}` });
const post = (url: string, payload: unknown): InjectOptions => ({
  method: 'POST',
  url: `/api/v1/${url}`,
  payload: payload as object,
});
const del = (url: string): InjectOptions => ({ method: 'DELETE', url: `/api/v1/${url}` });

/** A fresh upload of the caller's own (nobody: a well-formed URL of nothing). */
async function own(w: World, who: Actor, folder: string, type = 'image/png', bytes = PNG) {
  if (!who.user) {
    const ext = type === 'application/pdf' ? 'pdf' : 'png';
    return `http://127.0.0.1:8080/api/v1/Storages/Files/${who.tenant}/${folder}/00000000-0000-4000-8000-000000000000.${ext}`;
  }
  return upload(w.t.app, who, {
    folder,
    type,
    name: `mine.${type === 'application/pdf' ? 'pdf' : 'png'}`,
    bytes,
  });
}
/** The caller's own patient (nobody: A's). */
const patientOf = (w: World, who: Actor) => (who.user ?? w.A.user!).patientId;
const companyOf = (w: World, who: Actor) => w.ids[`company-${who.tenant}`]!;

export const CASES: WalkCase[] = [
  // Appointment attachments.
  {
    route: 'GET /api/v1/Appointments/GetAttachments',
    kind: 'foreign',
    what: 'read',
    order: 0,
    build: (w) => get(`Appointments/GetAttachments?appointmentId=${w.ids.appointment}`),
  },
  {
    route: 'GET /api/v1/Appointments/Attachments/:id/file',
    kind: 'foreign',
    what: 'download',
    order: 0,
    build: (w) => get(`Appointments/Attachments/${w.ids.attachment}/file`),
  },
  {
    route: 'POST /api/v1/Appointments/AddAttachments',
    kind: 'foreign',
    what: 'change',
    order: 1,
    build: async (w, who) =>
      post('Appointments/AddAttachments', {
        appointmentId: w.ids.appointment,
        files: [{ fileHttpUrl: await own(w, who, 'Attachments') }],
      }),
  },

  // Health records and results.
  {
    route: 'GET /api/v1/Users/GetUserHealthRecords/:id',
    kind: 'foreign',
    what: 'list',
    order: 0,
    build: (w) => get(`Users/GetUserHealthRecords/${w.A.user!.userId}?PageNumber=1&PageSize=15`),
  },
  {
    route: 'GET /api/v1/Users/GetUserHealthRecord/:a/:b',
    kind: 'foreign',
    what: 'read',
    order: 0,
    build: (w, who) => get(`Users/GetUserHealthRecord/${(who.user ?? w.A.user!).userId}/${w.ids.record}`),
  },
  {
    route: 'GET /api/v1/Users/ViewFileHeathRecord',
    kind: 'foreign',
    what: 'download',
    order: 0,
    build: (w) => get(`Users/ViewFileHeathRecord?id=${w.ids.recordFile}&download=true`),
  },
  {
    route: 'POST /api/v1/Users/CreateUserHealthRecord',
    kind: 'foreign',
    what: 'change',
    order: 1,
    build: async (w, who) =>
      post('Users/CreateUserHealthRecord', {
        patientId: w.ids.family,
        recordName: 'Một hồ sơ khác',
        remark: 'Ghi chú',
        healthRecordType: 0,
        files: [{ fileHttpUrl: await own(w, who, 'HealthRecords') }],
      }),
  },
  {
    route: 'DELETE /api/v1/Users/DeleteUserHealthRecordFile',
    kind: 'foreign',
    what: 'delete',
    order: 2,
    build: (w) => del(`Users/DeleteUserHealthRecordFile?id=${w.ids.recordFile2}`),
  },
  {
    route: 'DELETE /api/v1/Users/DeleteUserHealthRecord',
    kind: 'foreign',
    what: 'delete',
    order: 3,
    build: (w) => del(`Users/DeleteUserHealthRecord?id=${w.ids.record}`),
  },
  {
    route: 'GET /api/v1/Appointments/GetSharedHealthData',
    kind: 'foreign',
    what: 'read',
    order: 0,
    build: (w) => get(`Appointments/GetSharedHealthData?appointmentId=${w.ids.appointment}`),
  },
  {
    route: 'GET /api/v1/Appointments/ViewFileHeathResult',
    kind: 'foreign',
    what: 'download',
    order: 0,
    build: (w) => get(`Appointments/ViewFileHeathResult?id=${w.ids.result}`),
  },

  // Insurance.
  {
    route: 'GET /api/v1/InsuranceClaims/GetAllInsuranceCompanies',
    kind: 'own',
    what: 'list',
    order: 0,
    open: true,
    build: () => get('InsuranceClaims/GetAllInsuranceCompanies'),
  },
  {
    route: 'GET /api/v1/InsuranceClaims/GetMyInsuranceClaims',
    kind: 'own',
    what: 'list',
    order: 0,
    build: () => get('InsuranceClaims/GetMyInsuranceClaims?PageNumber=1&PageSize=10'),
  },
  {
    route: 'GET /api/v1/InsuranceClaims/GetInsuranceClaim/:id',
    kind: 'foreign',
    what: 'read',
    order: 0,
    build: (w) => get(`InsuranceClaims/GetInsuranceClaim/${w.ids.claim}`),
  },
  {
    route: 'GET /api/v1/InsuranceClaims/ViewFileInsuranceClaim',
    kind: 'foreign',
    what: 'download',
    order: 0,
    build: (w) => get(`InsuranceClaims/ViewFileInsuranceClaim?id=${w.ids.claimFile}&download=true`),
  },
  {
    route: 'POST /api/v1/InsuranceClaims/CreateInsuranceClaim',
    kind: 'foreignFile',
    what: 'change',
    order: 1,
    build: async (w, who) => {
      // B and C bring A's fresh uploads; A (and nobody) their own.
      const by = who.user && who !== w.A ? w.A : who;
      return post('InsuranceClaims/CreateInsuranceClaim', {
        claim: {
          insuranceCompanyId: companyOf(w, who),
          insuredName: 'Người Khác',
          policyNumber: 'P-1',
          reason: 'Khám',
          eventDate: '2026-03-01',
          providerName: 'Bệnh viện',
          claimAmount: 100_000,
          ...(who.tenant === 'songhong' ? { wasAccident: false } : {}),
        },
        idFrontUrl: await own(w, by, 'InsuranceClaims'),
        idBackUrl: await own(w, by, 'InsuranceClaims'),
        documentUrls: [await own(w, by, 'InsuranceClaims', 'application/pdf', PDF)],
        acceptTerms: true,
      });
    },
  },
  {
    route: 'GET /api/v1/InsuranceProfiles/GetInsuranceProfiles',
    kind: 'own',
    what: 'list',
    order: 0,
    build: () => get('InsuranceProfiles/GetInsuranceProfiles'),
  },
  {
    route: 'GET /api/v1/InsuranceProfiles/ViewCardPhoto',
    kind: 'foreign',
    what: 'download',
    order: 0,
    build: (w) => get(`InsuranceProfiles/ViewCardPhoto?id=${w.ids.profile}&side=health`),
  },
  {
    route: 'POST /api/v1/InsuranceProfiles/SaveInsuranceProfile',
    kind: 'foreign',
    what: 'change',
    order: 1,
    build: (w, who) =>
      post('InsuranceProfiles/SaveInsuranceProfile', {
        insuranceProfileId: w.ids.profile,
        patientId: who === w.A ? w.ids.family : patientOf(w, who),
        insuranceCompanyId: companyOf(w, who),
        contractNumber: 'HD-0001',
      }),
  },

  {
    route: 'DELETE /api/v1/InsuranceProfiles/DeleteInsuranceProfile',
    kind: 'foreign',
    what: 'delete',
    order: 3,
    build: (w) => del(`InsuranceProfiles/DeleteInsuranceProfile?id=${w.ids.profile}`),
  },

  // Hospital fee guarantee.
  {
    route: 'GET /api/v1/HospitalBillCoverages/GetMyHospitalBillCoverages',
    kind: 'own',
    what: 'list',
    order: 0,
    build: () => get('HospitalBillCoverages/GetMyHospitalBillCoverages?PageNumber=1&PageSize=10'),
  },
  {
    route: 'GET /api/v1/HospitalBillCoverages/GetHospitalBillCoverage/:id',
    kind: 'foreign',
    what: 'read',
    order: 0,
    build: (w) => get(`HospitalBillCoverages/GetHospitalBillCoverage/${w.ids.feeSigned}`),
  },
  {
    route: 'GET /api/v1/HospitalBillCoverages/ViewSignature/:id',
    kind: 'foreign',
    what: 'download',
    order: 0,
    build: (w) => get(`HospitalBillCoverages/ViewSignature/${w.ids.feeSigned}`),
  },
  {
    route: 'GET /api/v1/HospitalBillCoverages/GetConfirmationPdf/:id',
    kind: 'foreign',
    what: 'download',
    order: 0,
    build: (w) => get(`HospitalBillCoverages/GetConfirmationPdf/${w.ids.feeSigned}`),
  },
  {
    route: 'POST /api/v1/HospitalBillCoverages/CreateHospitalBillCoverage',
    kind: 'foreign',
    what: 'change',
    order: 1,
    build: (w, who) =>
      post('HospitalBillCoverages/CreateHospitalBillCoverage', {
        patientId: w.ids.family,
        hospitalId: who.tenant === 'songhong' ? w.ids.hospital : w.ids.cHospital,
        insuranceCompany: 'Bảo Việt',
        policyNumber: 'P-2',
      }),
  },
  {
    route: 'POST /api/v1/HospitalBillCoverages/CancelHospitalBillCoverage/:id',
    kind: 'foreign',
    what: 'change',
    order: 1,
    build: (w) => post(`HospitalBillCoverages/CancelHospitalBillCoverage/${w.ids.feeWaiting}`, {}),
  },
  {
    route: 'POST /api/v1/Appointments/SignatureHospitalBillCoverageConfirmForWeb/:id',
    kind: 'foreign',
    what: 'change',
    order: 1,
    build: (w) => ({
      method: 'POST',
      url: `/api/v1/Appointments/SignatureHospitalBillCoverageConfirmForWeb/${w.ids.feeApproved}`,
      ...multipart([{ name: 'Files', fileName: 'signature.png', type: 'image/png', data: PNG }]),
    }),
  },

  // Personal data.
  {
    route: 'GET /api/v1/Users/GetHealthDataConsent',
    kind: 'own',
    what: 'read',
    order: 0,
    build: () => get('Users/GetHealthDataConsent'),
  },
  {
    route: 'POST /api/v1/Users/GiveHealthDataConsent',
    kind: 'own',
    what: 'change',
    order: 1,
    build: (w, who) =>
      post('Users/GiveHealthDataConsent', {
        version: w.t.registry.byCode.get(who.tenant)!.config.privacy.healthDataConsent.version,
      }),
  },
  {
    route: 'POST /api/v1/Users/WithdrawHealthDataConsent',
    kind: 'own',
    what: 'change',
    order: 9,
    build: () => post('Users/WithdrawHealthDataConsent', {}),
  },
  {
    route: 'GET /api/v1/Users/GetDataAccessLog',
    kind: 'own',
    what: 'list',
    order: 0,
    build: () => get('Users/GetDataAccessLog?PageNumber=1&PageSize=100'),
  },
  {
    route: 'GET /api/v1/Users/ExportMyData',
    kind: 'own',
    what: 'download',
    order: 0,
    build: () => get('Users/ExportMyData'),
  },
];
