import { fakeApi, type FakeRoutes } from '../../test/fake-api';
import type { FeeGuarantee } from './api';

/** The shared fake API (src/test/fake-api.ts); the fee guarantee tests read the recorded requests. */
export const fakeFeeApi = (routes: FakeRoutes) => fakeApi(routes).sent;

/** A request as the server describes it. */
export const request = (overrides: Partial<FeeGuarantee> = {}): FeeGuarantee => ({
  feeGuaranteeId: 7,
  status: 'waiting',
  appointmentId: 41,
  appointmentNumber: 'SH-20301105-0041',
  patientId: 3,
  patientName: 'Trần Thị Mai',
  hospitalId: 2,
  hospitalName: 'Bệnh viện Sông Hồng',
  insuranceCompany: 'Bảo Việt',
  policyNumber: 'BV-1',
  estimatedAmount: 5_000_000,
  note: '',
  approvedAmount: null,
  decisionNote: null,
  decidedAt: null,
  signedAt: null,
  signatureUrl: null,
  createdAt: '2030-03-03T17:30:00.000Z',
  ...overrides,
});
